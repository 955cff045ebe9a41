import type { TradeView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { useT } from '@/i18n';
import { shortId } from '@/lib/format';
import type { FeeQuote } from '@/lib/platform-config';
import { useFormat } from '@/lib/use-format';

interface TradeHeaderProps {
  trade: TradeView;
  /** The platform fee and the buyer's net amount; null until the rate is known. */
  fee: FeeQuote | null;
  step: number;
  refreshing: boolean;
  onRefresh: () => void;
}

const ROLE_LABEL = {
  buyer: 'trade.role.buyer',
  seller: 'trade.role.seller',
  observer: 'trade.role.observer',
} as const;

/** Status, "step N of 4", my role, refresh; then what is traded for what at which rate. */
export function TradeHeader({ trade, fee, step, refreshing, onRefresh }: TradeHeaderProps) {
  const t = useT();
  const buying = trade.userRole === 'buyer';
  const title = t(
    buying ? 'trade.title.buy' : trade.userRole === 'seller' ? 'trade.title.sell' : 'trade.title',
    { crypto: trade.cryptocurrency },
  );
  return (
    <header className="panel trade-head">
      <div className="trade-head__top">
        <div className="trade-head__title">
          <h1 className="page__title">
            {title} <span className="trade-head__id num">#{shortId(trade.id)}</span>
          </h1>
          <div className="trade-head__meta">
            <StatusBadge status={trade.status} />
            <span className="trade-head__step">{t('trade.step', { step, total: 4 })}</span>
            <span className={`role-pill role-pill--${trade.userRole}`}>{t(ROLE_LABEL[trade.userRole])}</span>
          </div>
        </div>
        <button
          type="button"
          className="icon-btn"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('trade.refresh')}
          title={t('trade.refresh')}
        >
          <Icon name="refresh" className={refreshing ? 'tr-spin' : undefined} />
        </button>
      </div>
      <TradeAmounts trade={trade} fee={fee} />
    </header>
  );
}

/** What is traded for what at which rate; the buyer sees what they get after the fee. */
function TradeAmounts({ trade, fee }: { trade: TradeView; fee: FeeQuote | null }) {
  const t = useT();
  const fmt = useFormat();
  const buying = trade.userRole === 'buyer';
  return (
    <dl className="trade-amounts">
      <div className="trade-amounts__item">
        <dt>{t(buying ? 'trade.amount.youGet' : 'trade.amount.crypto')}</dt>
        <dd className="num">
          {/* The buyer receives the amount less the platform fee: shown before anyone commits. */}
          {fmt.crypto(buying && fee ? fee.net : trade.amountCrypto, trade.cryptocurrency, { unit: false })}{' '}
          <span className="muted">{trade.cryptocurrency}</span>
          {fee ? (
            <span className="trade-amounts__fee small">
              {buying
                ? t('trade.amount.feeLine', {
                    gross: fmt.crypto(trade.amountCrypto, trade.cryptocurrency),
                    fee: fmt.crypto(fee.fee, trade.cryptocurrency),
                  })
                : t('trade.amount.buyerGets', {
                    net: fmt.crypto(fee.net, trade.cryptocurrency),
                    fee: fmt.crypto(fee.fee, trade.cryptocurrency),
                  })}
            </span>
          ) : null}
        </dd>
      </div>
      <div className="trade-amounts__item">
        <dt>{t(buying ? 'trade.amount.youPay' : 'trade.amount.fiat')}</dt>
        <dd className="num">{fmt.fiat(trade.amountFiat, trade.fiatCurrency)}</dd>
      </div>
      <div className="trade-amounts__item">
        <dt>{t('trade.amount.rate')}</dt>
        <dd className="num">
          <span className="trade-amounts__rate">
            1 {trade.cryptocurrency} = {fmt.fiat(trade.pricePerUnit, trade.fiatCurrency)}
          </span>
        </dd>
      </div>
    </dl>
  );
}
