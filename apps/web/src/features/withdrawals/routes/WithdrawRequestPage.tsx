import { type Cryptocurrency, isCryptocurrency } from '@p2p/shared';
import { useT } from '@/i18n';
import { Link, useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { WithdrawFlow } from '../components/WithdrawFlow';
import '../withdrawals.css';

/** /withdrawals/request: the same steps as the wallet's dialog, on a page of its own. */
export function WithdrawRequestPage() {
  const t = useT();
  useDocumentTitle(t('page.withdrawRequest'));
  const [params] = useSearchParams();
  const asked = params.get('currency') ?? '';
  const currency = (isCryptocurrency(asked) ? asked : 'BTC') as Cryptocurrency;
  return (
    <section className="page page--narrow" aria-labelledby="wdr-title">
      <div className="page__head page__head--split">
        <h1 id="wdr-title" className="page__title">
          {t('page.withdrawRequest')}
        </h1>
        <Link to="/withdrawals/history" className="btn btn--ghost btn--sm">
          {t('wdh.toHistory')}
        </Link>
      </div>
      <p className="muted">{t('wdr.intro')}</p>
      <div className="panel">
        <WithdrawFlow initialCurrency={currency} />
      </div>
    </section>
  );
}
