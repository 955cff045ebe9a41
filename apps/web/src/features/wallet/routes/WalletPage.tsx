import type { WalletBalanceView } from '@p2p/shared';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { useI18n } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { useWalletBalances } from '../api/wallet-api';
import { COIN_NAMES } from '../components/coins';
import { useValuation, type Valuation } from '../components/useValuation';
import { ValuationNote } from '../components/ValuationNote';
import '../wallet.css';

/** Wallet (spec 3 §2) with real ledger balances; deposit, withdrawal and history come later. */
export function WalletPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('wallet.title'));
  const balances = useWalletBalances();
  const valuation = useValuation(balances.data);

  return (
    <section className="page" aria-labelledby="wallet-title">
      <div className="page__head page__head--split">
        <h1 id="wallet-title" className="page__title">
          {t('wallet.title')}
        </h1>
        <div className="head-actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => balances.refetch()}
            disabled={balances.isFetching}
            aria-label={t('orders.refresh')}
          >
            <Icon name="refresh" size={16} /> <span className="hide-sm">{t('orders.refresh')}</span>
          </button>
          <Link to="/dashboard" className="btn btn--ghost btn--sm" aria-label={t('wallet.toDashboard')}>
            <Icon name="arrowLeft" size={16} /> <span className="hide-sm">{t('wallet.toDashboard')}</span>
          </Link>
        </div>
      </div>

      {balances.isPending ? (
        <LoadingState text={t('wallet.loading')} />
      ) : balances.isError ? (
        <MessageState title={t('wallet.loadError')} text={balances.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => balances.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      ) : (
        <>
          <div className="panel wallet-total">
            <span className="wallet-total__label">{t('wallet.totalValue')}</span>
            <span className="wallet-total__value num">
              {fmt.estimate(valuation.total, valuation.currency)}
            </span>
            <ValuationNote valuation={valuation} />
          </div>
          <p className="alert alert--warn small wallet-note">
            <Icon name="info" size={16} /> {t('wallet.transfersLater')}
          </p>
          <ul className="balance-grid">
            {balances.data.map((balance) => (
              <BalanceCard key={balance.cryptocurrency} balance={balance} valuation={valuation} />
            ))}
          </ul>
        </>
      )}

      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title" className="panel__title">
          {t('wallet.history')}
        </h2>
        <p className="empty">{t('wallet.historyLater')}</p>
      </section>
    </section>
  );
}

function BalanceCard({ balance, valuation }: { balance: WalletBalanceView; valuation: Valuation }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const coin = balance.cryptocurrency;
  return (
    <li className="panel balance-card">
      <div className="balance-card__head">
        <span className={`coin-badge coin-badge--${coin.toLowerCase()}`} aria-hidden="true">
          {coin.slice(0, 1)}
        </span>
        <div>
          <h2 className="balance-card__coin">{coin}</h2>
          <span className="small muted">{COIN_NAMES[coin] ?? coin}</span>
        </div>
      </div>
      <p className="balance-card__total num">
        {fmt.crypto(balance.total, coin, { balance: true, unit: false })}{' '}
        <span className="balance-card__unit">{coin}</span>
      </p>
      {valuation.perCoin[coin] != null ? (
        <p className="small muted num">{fmt.estimate(valuation.perCoin[coin] ?? null, valuation.currency)}</p>
      ) : null}
      <dl className="balance-card__rows small">
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd className="num">{fmt.crypto(balance.available, coin, { balance: true, unit: false })}</dd>
        </div>
        <div>
          <dt>{t('wallet.locked')}</dt>
          <dd className="num">{fmt.crypto(balance.locked, coin, { balance: true, unit: false })}</dd>
        </div>
      </dl>
      <div className="balance-card__actions">
        <button type="button" className="btn btn--ghost btn--sm" disabled title={t('wallet.transfersLater')}>
          <Icon name="download" size={14} /> {t('wallet.deposit')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" disabled title={t('wallet.transfersLater')}>
          {t('wallet.withdraw')}
        </button>
      </div>
    </li>
  );
}
