import type { WalletBalanceView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { COIN_NAMES } from './coins';
import type { Valuation } from './useValuation';

/** One coin: total, its USD value, available and locked; Deposit and Withdraw. */
export function BalanceCard({
  balance,
  valuation,
  onDeposit,
  onWithdraw,
  depositsOn,
}: {
  balance: WalletBalanceView;
  valuation: Valuation;
  onDeposit: () => void;
  onWithdraw: () => void;
  depositsOn: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const coin = balance.cryptocurrency;
  const value = valuation.perCoin[coin];
  return (
    <li className="panel balance-card" data-testid={`balance-${coin}`}>
      <div className="balance-card__head">
        <span className={`coin-badge coin-badge--${coin.toLowerCase()}`} aria-hidden="true">
          {coin.slice(0, 1)}
        </span>
        <div>
          <h2 className="balance-card__coin">{coin}</h2>
          <span className="small muted">{COIN_NAMES[coin] ?? coin}</span>
        </div>
      </div>
      <p className="balance-card__total num" data-testid="balance-total">
        {fmt.crypto(balance.total, coin, { balance: true, unit: false })}{' '}
        <span className="balance-card__unit">{coin}</span>
      </p>
      {value != null ? <p className="small muted num">{fmt.estimate(value, valuation.currency)}</p> : null}
      <dl className="balance-card__rows small">
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd className="num" data-testid="balance-available">
            {fmt.crypto(balance.available, coin, { balance: true, unit: false })}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.locked')}</dt>
          <dd className="num" data-testid="balance-locked">
            {fmt.crypto(balance.locked, coin, { balance: true, unit: false })}
          </dd>
        </div>
      </dl>
      <div className="balance-card__actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={onDeposit}
          disabled={!depositsOn}
          title={depositsOn ? undefined : t('dep.off')}
          aria-label={`${t('wallet.deposit')} ${coin}`}
        >
          <Icon name="download" size={14} /> {t('wallet.deposit')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={onWithdraw}
          aria-label={`${t('wallet.withdraw')} ${coin}`}
        >
          {t('wallet.withdraw')}
        </button>
      </div>
    </li>
  );
}
