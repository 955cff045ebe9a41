import type { DepositView, NetworkId } from '@p2p/shared';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { useRecentDeposits } from '../api/wallet-api';

/**
 * Recent deposits with their confirmations n/N; the wallet page keeps them live from the
 * `deposit:pending` / `deposit:credited` events. Below the minimum they say «ниже минимума».
 */
export function DepositList({ network, compact = false }: { network?: NetworkId; compact?: boolean }) {
  const t = useT();
  const deposits = useRecentDeposits();
  const rows = (deposits.data?.deposits ?? []).filter(
    (d) => (!network || d.network === network) && (!compact || d.status !== 'credited'),
  );
  if (deposits.isPending) return null;
  if (rows.length === 0) return compact ? null : <p className="empty">{t('dep.noPending')}</p>;
  return (
    <ul className="deposit-list" aria-label={t('wallet.pendingDeposits')}>
      {rows.map((deposit) => (
        <DepositRow key={deposit.id} deposit={deposit} />
      ))}
    </ul>
  );
}

const DEPOSIT_BADGE: Record<DepositView['status'], string> = {
  pending: 'warn',
  credited: 'buy',
  below_minimum: 'sell',
  dropped: 'muted',
};

function DepositRow({ deposit }: { deposit: DepositView }) {
  const t = useT();
  const fmt = useFormat();
  const shown = Math.min(deposit.confirmations, deposit.requiredConfirmations);
  return (
    <li className={`deposit-row deposit-row--${deposit.status}`} data-testid="deposit-row">
      <span className="num deposit-row__amount">{fmt.crypto(deposit.amount, deposit.currency)}</span>
      <span className="small muted">{deposit.network}</span>
      <span className="small num" data-testid="deposit-confirmations">
        {t('dep.confirmationsOf', { n: shown, total: deposit.requiredConfirmations })}
      </span>
      <span className={`badge badge--${DEPOSIT_BADGE[deposit.status]}`}>
        {t(`dep.status.${deposit.status}`)}
      </span>
      {deposit.explorerUrl ? (
        <a className="small" href={deposit.explorerUrl} target="_blank" rel="noreferrer noopener">
          {t('tx.explorer')}
        </a>
      ) : null}
    </li>
  );
}
