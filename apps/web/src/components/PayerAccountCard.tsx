import type { PayerAccountView } from '@p2p/shared';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/**
 * The account the buyer said paid, as the seller (and staff in a dispute) check it against
 * their bank statement: the account, its history on the platform, and the warnings that no
 * bank app gives — another buyer paid from it (a third-party payment), or the name is not
 * the buyer's (docs/decisions/023).
 */
export function PayerAccountCard({
  payer,
  buyerName,
}: {
  payer: PayerAccountView | null;
  buyerName: string;
}) {
  const t = useT();
  const fmt = useFormat();
  if (!payer) return <p className="muted small">{t('fraud.payer.none')}</p>;
  const history = payer.history;
  return (
    <div className="payer-card" data-testid="payer-account">
      <p className="payer-card__account">
        <strong>
          {t('fraud.payer.summary', {
            bank: fmt.paymentMethod(payer.bank),
            last4: payer.last4,
            name: payer.name,
          })}
        </strong>
      </p>
      {payer.warnings.includes('third_party') && history ? (
        <p className="alert alert--error small" role="alert" data-testid="payer-third-party">
          {t('fraud.payer.thirdParty', { count: history.otherBuyers })}
        </p>
      ) : null}
      {payer.warnings.includes('name_mismatch') ? (
        <p className="alert alert--warn small" data-testid="payer-name-mismatch">
          {t('fraud.payer.nameMismatch', { buyer: buyerName })}
        </p>
      ) : null}
      {history ? (
        <p className="muted small" data-testid="payer-history">
          {history.completedTrades === 0 && history.distinctSellers === 0
            ? t('fraud.payer.fresh')
            : t('fraud.payer.history', {
                completed: history.completedTrades,
                sellers: history.distinctSellers,
                date: fmt.date(history.firstSeenAt),
              })}
        </p>
      ) : null}
      {history ? <p className="muted small">{t('fraud.payer.check')}</p> : null}
    </div>
  );
}
