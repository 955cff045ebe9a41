import type { Cryptocurrency } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useSocketEvent } from '@/features/realtime';
import { WithdrawDialog } from '@/features/withdrawals';
import { useI18n } from '@/i18n';
import { WALLET_KEY } from '@/lib/balances';
import { usePlatformConfig } from '@/lib/platform-config';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { useWalletBalances, WALLET_DEPOSITS_KEY } from '../api/wallet-api';
import { BalanceCard } from '../components/BalanceCard';
import { DepositDialog } from '../components/DepositDialog';
import { DepositList } from '../components/DepositList';
import { TransactionHistory } from '../components/TransactionHistory';
import { useValuation } from '../components/useValuation';
import { ValuationNote } from '../components/ValuationNote';
import '../wallet.css';
import { SecurityHoldBanner } from '@/features/two-factor';

type Open = { kind: 'deposit' | 'withdraw'; currency: Cryptocurrency } | null;

/**
 * Wallet: total in USD from market prices, a card per coin with deposit and
 * withdraw, incoming deposits with live confirmations, and the ledger's history.
 */
export function WalletPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('wallet.title'));
  const queryClient = useQueryClient();
  const balances = useWalletBalances();
  const config = usePlatformConfig();
  const [open, setOpen] = useState<Open>(null);
  const devnet = config.data?.chainMode === 'devnet';
  const depositsOn = config.data ? config.data.chainMode !== 'off' : false;

  useSocketEvent('deposit:pending', () => {
    void queryClient.invalidateQueries({ queryKey: WALLET_DEPOSITS_KEY });
  });
  useSocketEvent('deposit:credited', (deposit) => {
    toast.success(t('dep.creditedToast', { amount: fmt.crypto(deposit.amount, deposit.currency) }), {
      once: `deposit-${deposit.id}`,
    });
    void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
  });
  useSocketEvent('withdrawal:updated', () => {
    void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
  });

  return (
    <section className="page" aria-labelledby="wallet-title">
      <WalletHead refreshing={balances.isFetching} />
      <SecurityHoldBanner />

      <WalletBalances
        balances={balances}
        depositsOn={depositsOn}
        onOpen={(kind, currency) => setOpen({ kind, currency })}
      />

      <section className="panel" aria-labelledby="deposits-title">
        <h2 id="deposits-title" className="panel__title">
          {t('wallet.pendingDeposits')}
        </h2>
        <DepositList />
      </section>

      <TransactionHistory />

      {open?.kind === 'deposit' ? (
        <DepositDialog currency={open.currency} devnet={devnet} onClose={() => setOpen(null)} />
      ) : open?.kind === 'withdraw' ? (
        <WithdrawDialog currency={open.currency} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}

/** The title, refresh, all withdrawals, and the way back to the dashboard. */
function WalletHead({ refreshing }: { refreshing: boolean }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  return (
    <div className="page__head page__head--split">
      <h1 id="wallet-title" className="page__title">
        {t('wallet.title')}
      </h1>
      <div className="head-actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => queryClient.invalidateQueries({ queryKey: WALLET_KEY })}
          disabled={refreshing}
          aria-label={t('orders.refresh')}
        >
          <Icon name="refresh" size={16} /> <span className="hide-sm">{t('orders.refresh')}</span>
        </button>
        <Link to="/withdrawals/history" className="btn btn--ghost btn--sm">
          {t('wallet.allWithdrawals')}
        </Link>
        {/* Proof of reserves: my balance in the published tree, checked on this device (docs/decisions/039). */}
        <Link to="/wallet/reserves" className="btn btn--ghost btn--sm">
          {t('reserves.check')}
        </Link>
        <Link to="/dashboard" className="btn btn--ghost btn--sm" aria-label={t('wallet.toDashboard')}>
          <Icon name="arrowLeft" size={16} /> <span className="hide-sm">{t('wallet.toDashboard')}</span>
        </Link>
      </div>
    </div>
  );
}

/** The total in USD and a card per coin, each with deposit and withdraw. */
function WalletBalances({
  balances,
  depositsOn,
  onOpen,
}: {
  balances: ReturnType<typeof useWalletBalances>;
  depositsOn: boolean;
  onOpen: (kind: 'deposit' | 'withdraw', currency: Cryptocurrency) => void;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  const valuation = useValuation(balances.data, 'USD');
  if (balances.isPending) return <LoadingState text={t('wallet.loading')} />;
  if (balances.isError) {
    return (
      <MessageState title={t('wallet.loadError')} text={balances.error.message}>
        <button type="button" className="btn btn--primary" onClick={() => balances.refetch()}>
          {t('common.retry')}
        </button>
      </MessageState>
    );
  }
  return (
    <>
      <div className="panel wallet-total">
        <span className="wallet-total__label">{t('wallet.totalValue')}</span>
        <span className="wallet-total__value num" data-testid="wallet-total">
          {fmt.estimate(valuation.total, valuation.currency)}
        </span>
        <ValuationNote valuation={valuation} />
      </div>
      <ul className="balance-grid">
        {balances.data.map((balance) => (
          <BalanceCard
            key={balance.cryptocurrency}
            balance={balance}
            valuation={valuation}
            depositsOn={depositsOn}
            onDeposit={() => onOpen('deposit', balance.cryptocurrency)}
            onWithdraw={() => onOpen('withdraw', balance.cryptocurrency)}
          />
        ))}
      </ul>
    </>
  );
}
