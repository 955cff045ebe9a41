import { LoadingState } from '@/components/ui/Status';
import type { useWalletBalances } from '@/features/wallet';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { isEmptyWallet, totalUsd, usdOf } from '../lib/usd';
import { WidgetError } from './WidgetError';

/**
 * Balances from the ledger with their value in US dollars, as the server computes
 * it at the market price; a coin without a price shows no value rather than a guess.
 */
export function WalletWidget({ balances }: { balances: ReturnType<typeof useWalletBalances> }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <section className="panel widget" aria-labelledby="w-wallet">
      <div className="widget__head">
        <h2 id="w-wallet" className="panel__title">
          {t('dashboard.wallet')}
        </h2>
        <Link to="/wallet" className="btn btn--ghost btn--sm">
          {t('dash.openWallet')}
        </Link>
      </div>
      {balances.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : balances.isError ? (
        <WidgetError message={balances.error.message} onRetry={() => balances.refetch()} />
      ) : isEmptyWallet(balances.data) ? (
        <p className="muted small">{t('dash.noData')}</p>
      ) : (
        <WalletTable balances={balances.data} fmt={fmt} />
      )}
    </section>
  );
}

function WalletTable({
  balances,
  fmt,
}: {
  balances: NonNullable<ReturnType<typeof useWalletBalances>['data']>;
  fmt: ReturnType<typeof useFormat>;
}) {
  const t = useT();
  const total = totalUsd(balances);
  return (
    <>
      <p className="widget__big num" data-testid="wallet-total-usd">
        {total === null ? EMPTY : fmt.estimate(total, 'USD')}
      </p>
      <p className="muted small">{total === null ? t('dash.usdUnavailable') : t('dash.usdNote')}</p>
      <table className="widget-table small">
        <thead>
          <tr>
            <th scope="col">{t('dash.coin')}</th>
            <th scope="col">{t('wallet.available')}</th>
            <th scope="col">{t('wallet.locked')}</th>
            <th scope="col" className="hide-sm">
              {t('dash.value')}
            </th>
          </tr>
        </thead>
        <tbody>
          {balances.map((b) => (
            <tr key={b.cryptocurrency}>
              <th scope="row">{b.cryptocurrency}</th>
              <td className="num">
                {fmt.crypto(b.available, b.cryptocurrency, { balance: true, unit: false })}
              </td>
              <td className="num">
                {fmt.crypto(b.locked, b.cryptocurrency, { balance: true, unit: false })}
              </td>
              <td className="num hide-sm">{usdOf(b) === null ? EMPTY : fmt.fiat(usdOf(b) ?? '0', 'USD')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
