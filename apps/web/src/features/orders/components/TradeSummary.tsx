import type { OrderView } from '@p2p/shared';
import { useI18n } from '@/i18n';
import { EMPTY } from '@/lib/format';
import type { FeeQuote } from '@/lib/platform-config';
import { useFormat } from '@/lib/use-format';
import { takerSide } from '../lib/side';

/**
 * What the trade moves, before anyone commits: the crypto at the order's price and, since the
 * platform fee is taken from the buyer's side, what the buyer actually receives.
 */
export function TradeSummary({
  order,
  crypto,
  fee,
}: {
  order: OrderView;
  crypto: string | null;
  fee: FeeQuote | null;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  const side = takerSide(order.type);
  const coin = order.cryptocurrency;
  // The buyer's headline is what lands in the wallet; the seller's is what leaves it.
  const headline = crypto ? fmt.crypto(side === 'buy' && fee ? fee.net : crypto, coin) : EMPTY;
  return (
    <div className={`trade-form__result trade-form__result--${side}`} aria-live="polite">
      <span className="trade-form__result-label">
        {t(side === 'buy' ? 'newTrade.youGet' : 'newTrade.youGive')}
      </span>
      <span className="trade-form__result-value num">{headline}</span>
      {crypto && fee ? (
        <span className="small num trade-form__fee">
          {t(side === 'buy' ? 'newTrade.feeBuyer' : 'newTrade.feeSeller', {
            gross: fmt.crypto(crypto, coin),
            fee: fmt.crypto(fee.fee, coin),
            net: fmt.crypto(fee.net, coin),
          })}
        </span>
      ) : null}
      <span className="small muted num">
        {t('newTrade.atPrice', { price: fmt.fiat(order.price_per_unit, order.fiat_currency), crypto: coin })}
      </span>
    </div>
  );
}

/** The warnings before opening a trade, for the side the visitor is on. */
export function TradeWarnings({ order, method }: { order: OrderView; method: string | null }) {
  const { t } = useI18n();
  const side = takerSide(order.type);
  return (
    <ul className="trade-warnings small">
      <li>
        {method
          ? t(side === 'buy' ? 'newTrade.warn.payFromMethod' : 'newTrade.warn.acceptOnlyMethod', { method })
          : t(side === 'buy' ? 'newTrade.warn.payFromAny' : 'newTrade.warn.acceptOnlyAny')}
      </li>
      <li>{t(side === 'buy' ? 'newTrade.warn.keepReceipt' : 'newTrade.warn.checkBank')}</li>
      <li>
        {t(side === 'buy' ? 'newTrade.warn.escrowSeller' : 'newTrade.warn.escrowYours', {
          crypto: order.cryptocurrency,
        })}
      </li>
      <li>{t('newTrade.warn.timeLimit', { minutes: order.time_limit })}</li>
    </ul>
  );
}
