import { isSwapPayment, type OrderView } from '@p2p/shared';
import { useEffect, useId } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { OrderSideLine, OrderTerms, TraderBlock } from './OrderFacts';
import { SidePanel } from './SidePanel';
import { SwapEntry } from './SwapEntry';
import { TradeEntry, useTradeBlock } from './TradeEntry';
import { TradeFlowDialogs } from './TradeFlowDialogs';
import { useTradeFlow } from './useTradeFlow';
import '../orders.css';

interface OrderDetailPanelProps {
  order: OrderView;
  open: boolean;
  onClose: () => void;
  /** Open with the trade form already shown (the card's buy/sell button). */
  startWithForm?: boolean;
}

/** The market's order detail panel with the inline trade form. */
export function OrderDetailPanel({ order, open, onClose, startWithForm }: OrderDetailPanelProps) {
  const t = useT();
  const titleId = useId();
  const flow = useTradeFlow(order, { onCreated: onClose });
  const block = useTradeBlock(order);
  const openForm = flow.open;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the panel first opens
  useEffect(() => {
    if (startWithForm && !block && !isSwapPayment(order.fiat_currency)) openForm();
  }, []);

  return (
    <>
      {/* Dialogs first: if everything unmounts at once, they give the page back before the panel does. */}
      <TradeFlowDialogs flow={flow} />
      <SidePanel open={open} onClose={onClose} labelledBy={titleId}>
        <header className="side-panel__head">
          <h2 id={titleId} className="side-panel__title">
            {t('orders.detailsTitle')}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </header>
        <div className="side-panel__content">
          <OrderSideLine order={order} />
          <OrderTerms order={order} />
          <section aria-label={t('orders.trader')}>
            <h3 className="side-panel__section">{t('orders.trader')}</h3>
            <TraderBlock order={order} />
          </section>
          {order.description ? (
            <section>
              <h3 className="side-panel__section">{t('orders.description')}</h3>
              <p className="order-description">{order.description}</p>
            </section>
          ) : null}
          <Link to={`/order/${order.id}`} className="small side-panel__page-link">
            {t('orders.openPage')}
          </Link>
          <div className={`side-panel__foot${flow.stage === 'closed' ? ' side-panel__foot--sticky' : ''}`}>
            {isSwapPayment(order.fiat_currency) ? (
              <SwapEntry order={order} />
            ) : (
              <TradeEntry flow={flow} mode="inline" />
            )}
          </div>
        </div>
      </SidePanel>
    </>
  );
}
