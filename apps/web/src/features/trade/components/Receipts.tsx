import type { PaymentProofFile, TradeView } from '@p2p/shared';
import { useEffect, useId, useState } from 'react';
import { matchedReceipts, ReceiptMatchWarning } from '@/components/ReceiptMatchWarning';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { fetchReceiptUrl } from '../api/files';
import { TradeIcon } from './TradeIcon';

type ImageState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/** Receipt bytes need the bearer token: fetched as a blob, shown from an object URL. */
function useReceiptImage(url: string): ImageState {
  const [state, setState] = useState<ImageState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchReceiptUrl(url).then(
      (src) => {
        objectUrl = src;
        if (alive) setState({ status: 'ready', src });
        else URL.revokeObjectURL(src);
      },
      () => alive && setState({ status: 'error' }),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

function ReceiptImage({ url, alt, className }: { url: string; alt: string; className: string }) {
  const { t } = useI18n();
  const image = useReceiptImage(url);
  if (image.status === 'loading') {
    return (
      <span className={`${className} receipt-img--loading`}>
        <span className="sr-only">{t('common.loading')}</span>
      </span>
    );
  }
  if (image.status === 'error') {
    return (
      <span className={`${className} receipt-img--error`}>
        <TradeIcon name="image" /> {t('trade.receipt.loadError')}
      </span>
    );
  }
  return <img className={className} src={image.src} alt={alt} />;
}

/**
 * The buyer's receipts (newest first) as thumbnails; one opens large in a dialog. A receipt
 * never proves payment by itself: the seller checks the bank (the note says so). A receipt
 * the server matched to another trade's (only the seller is told) is flagged in amber.
 */
export function Receipts({ trade, viewRef }: { trade: TradeView; viewRef?: React.Ref<HTMLButtonElement> }) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState<PaymentProofFile | null>(null);
  const files = [...trade.paymentProofFiles].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  const matched = matchedReceipts(files);
  const warningId = (file: PaymentProofFile) => `${id}-m-${file.id}`;
  if (files.length === 0) {
    return (
      <p className="empty small">
        {t(trade.userRole === 'seller' ? 'trade.receipt.noneSeller' : 'trade.receipt.noneBuyer')}
      </p>
    );
  }
  return (
    <>
      {matched.map((file, i) => (
        <ReceiptMatchWarning
          key={file.id}
          id={warningId(file)}
          file={file}
          named={files.length > 1}
          hint={i === 0 ? t('receiptMatch.sellerHint') : undefined}
        />
      ))}
      <ul className="receipts">
        {files.map((file, i) => (
          <li key={file.id}>
            <ReceiptThumb
              file={file}
              viewRef={i === 0 ? viewRef : undefined}
              warningId={matched.includes(file) ? warningId(file) : null}
              onOpen={() => setOpen(file)}
            />
          </li>
        ))}
      </ul>
      <ReceiptViewer id={`${id}-t`} file={open} onClose={() => setOpen(null)} />
    </>
  );
}

interface ReceiptThumbProps {
  file: PaymentProofFile;
  viewRef: React.Ref<HTMLButtonElement> | undefined;
  /** The id of its match warning, when the server matched it to another trade's receipt. */
  warningId: string | null;
  onOpen: () => void;
}

/** One receipt's thumbnail and time, flagged when it matches another trade's. */
function ReceiptThumb({ file, viewRef, warningId, onOpen }: ReceiptThumbProps) {
  const { t } = useI18n();
  const fmt = useFormat();
  const flagged = warningId !== null;
  return (
    <button
      ref={viewRef}
      type="button"
      className={flagged ? 'receipt receipt--matched' : 'receipt'}
      onClick={onOpen}
      aria-label={t('trade.receipt.open', { time: fmt.dateTime(file.uploadedAt) })}
      aria-describedby={warningId ?? undefined}
    >
      <ReceiptImage url={file.url} alt="" className="receipt-img" />
      <span className="receipt__time small muted">{fmt.dateTime(file.uploadedAt)}</span>
      {flagged ? (
        <span className="receipt__flag small">
          <Icon name="alert" size={14} /> {t('receiptMatch.badge')}
        </span>
      ) : null}
    </button>
  );
}

/** The opened receipt, large, with its match warning, time and size. */
function ReceiptViewer({
  id,
  file,
  onClose,
}: {
  id: string;
  file: PaymentProofFile | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <Dialog open={file !== null} onClose={onClose} labelledBy={id}>
      {file ? (
        <div className="receipt-view">
          <div className="receipt-view__head">
            <h2 id={id} className="dialog__title">
              {t('trade.receipt.title')}
            </h2>
            <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
              <Icon name="close" />
            </button>
          </div>
          <ReceiptMatchWarning file={file} />
          <ReceiptImage url={file.url} alt={t('trade.receipt.title')} className="receipt-view__img" />
          <p className="muted small">
            {fmt.dateTime(file.uploadedAt)} · {fmt.fileSize(file.size)}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
