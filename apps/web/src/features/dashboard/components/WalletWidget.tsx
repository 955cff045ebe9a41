import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/Status';
import { useValuation, type useWalletBalances, ValuationNote } from '@/features/wallet';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { WidgetError } from './WidgetError';

/** Balances from the ledger, valued at market prices in the display currency (source labelled). */
export function WalletWidget({ balances }: { balances: ReturnType<typeof useWalletBalances> }) {
  const t = useT();
  const fmt = useFormat();
  const valuation = useValuation(balances.data);
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
      ) : (
        <>
          <p className="widget__big num">{fmt.estimate(valuation.total, valuation.currency)}</p>
          <ValuationNote valuation={valuation} />
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
              {balances.data.map((b) => (
                <tr key={b.cryptocurrency}>
                  <th scope="row">{b.cryptocurrency}</th>
                  <td className="num">
                    {fmt.crypto(b.available, b.cryptocurrency, { balance: true, unit: false })}
                  </td>
                  <td className="num">
                    {fmt.crypto(b.locked, b.cryptocurrency, { balance: true, unit: false })}
                  </td>
                  <td className="num hide-sm">
                    {fmt.estimate(valuation.perCoin[b.cryptocurrency] ?? null, valuation.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
