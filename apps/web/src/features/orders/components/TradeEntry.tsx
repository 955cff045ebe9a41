import type { OrderView } from '@p2p/shared';
import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useTelegramMainButton } from '@/lib/telegram/hooks';
import { takerSide } from '../lib/side';
import { unmetForViewer } from '../lib/taker-conditions';
import { hasTradableRange } from '../lib/trade-form';
import { UnmetNotice } from './MerchantFigures';
import { TradeForm } from './TradeForm';
import type { TradeFlow } from './useTradeFlow';

/** Why an order cannot take a trade from this user right now, if it cannot. */
export function useTradeBlock(
  order: OrderView,
): 'own' | 'inactive' | 'exhausted' | 'marketPaused' | 'conditions' | null {
  const { user } = useSession();
  if (user?.id === order.user_id) return 'own';
  if (order.status !== 'active' || order.owner_away) return 'inactive';
  if (order.market_paused) return 'marketPaused';
  if (!hasTradableRange(order)) return 'exhausted';
  if (unmetForViewer(order, user)) return 'conditions';
  return null;
}

const BLOCK_TEXT = {
  inactive: 'orders.inactiveNoTrades',
  exhausted: 'orders.exhausted',
  marketPaused: 'errors.marketPriceUnavailable',
} as const;

/**
 * The buy/sell entry of an order: the button and the trade form, or the reason there is none.
 * `inline` puts the form in place (market panel); `dialog` opens it in a modal (order page).
 */
export function TradeEntry({ flow, mode }: { flow: TradeFlow; mode: 'inline' | 'dialog' }) {
  const t = useT();
  const id = useId();
  const { order } = flow;
  const { user } = useSession();
  const block = useTradeBlock(order);
  const side = takerSide(order.type);
  const label = t(side === 'buy' ? 'orders.buyCrypto' : 'orders.sellCrypto', {
    crypto: order.cryptocurrency,
  });
  // Inside Telegram the MainButton opens the form (the open form then holds it: TradeForm), and
  // shows its loader while the trade is being opened.
  const idle = flow.stage === 'closed' || flow.stage === 'submitting';
  useTelegramMainButton(
    block === null && idle ? { text: label, onClick: flow.open, loading: flow.stage === 'submitting' } : null,
  );

  if (block === 'own') {
    return (
      <div className="trade-entry__own">
        <p>
          <Icon name="info" size={16} /> {t('orders.ownOrder')}
        </p>
        <Link to={`/order/${order.id}/manage`} className="btn btn--ghost btn--sm">
          {t('orders.manage')}
        </Link>
      </div>
    );
  }
  if (block === 'conditions') {
    const unmet = unmetForViewer(order, user);
    return unmet ? <UnmetNotice unmet={unmet} /> : null;
  }
  if (block) {
    return <p className="alert alert--warn trade-entry__blocked">{t(BLOCK_TEXT[block])}</p>;
  }

  const button = (
    <button type="button" className={`btn btn--${side} btn--block btn--lg`} onClick={flow.open}>
      {label}
    </button>
  );

  if (mode === 'inline') return flow.stage === 'closed' ? button : <TradeForm flow={flow} />;
  return (
    <>
      {button}
      <Dialog open={flow.stage === 'form'} onClose={flow.close} labelledBy={`${id}-t`}>
        <h2 id={`${id}-t`} className="dialog__title">
          {label}
        </h2>
        <TradeForm flow={flow} title={false} />
      </Dialog>
    </>
  );
}
