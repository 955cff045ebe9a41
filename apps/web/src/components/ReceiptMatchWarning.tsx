import type { PaymentProofFile } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/** The receipts the server matched to other trades' (only the seller and staff are told). */
export const matchedReceipts = (files: readonly PaymentProofFile[]) =>
  files.filter((f) => (f.matches?.length ?? 0) > 0);

interface Props {
  file: PaymentProofFile;
  /** Name the receipt by its upload time (when the trade has several). */
  named?: boolean;
  /** What the reader should do about it (the seller and staff are told different things). */
  hint?: string;
  id?: string;
}

/**
 * An amber warning that a receipt is, or is an edited copy of, a receipt of another trade
 * (docs/decisions/023-trust-and-safety.md): each such trade by its short id, with the time
 * its receipt was uploaded and whether it is the same file or a similar image.
 */
export function ReceiptMatchWarning({ file, named = false, hint, id }: Props) {
  const t = useT();
  const fmt = useFormat();
  const matches = file.matches ?? [];
  if (matches.length === 0) return null;
  return (
    <div className="receipt-match" id={id} data-testid="receipt-match">
      <Icon name="alert" />
      <div>
        <p className="receipt-match__title">
          {named
            ? t('receiptMatch.titleOf', { time: fmt.dateTime(file.uploadedAt) })
            : t('receiptMatch.title')}
        </p>
        <ul className="receipt-match__list">
          {matches.map((m) => (
            <li key={`${m.tradeShortId}-${m.uploadedAt}`}>
              {t(m.kind === 'exact' ? 'receiptMatch.exact' : 'receiptMatch.similar', {
                trade: m.tradeShortId,
                date: fmt.dateTime(m.uploadedAt),
              })}
            </li>
          ))}
        </ul>
        {hint ? <p className="receipt-match__hint">{hint}</p> : null}
      </div>
    </div>
  );
}
