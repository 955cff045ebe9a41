import type { TradeView } from '@p2p/shared';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { TradeIcon, type TradeIconName } from './TradeIcon';

export interface QuickHandlers {
  copyDetails: () => void;
  upload: () => void;
  write: () => void;
  dispute: () => void;
  checkBank: () => void;
  viewReceipt: () => void;
}

function Item({
  icon,
  onClick,
  children,
  done,
}: {
  icon: TradeIconName;
  onClick: () => void;
  children: ReactNode;
  done?: boolean;
}) {
  return (
    <li>
      <button type="button" className={`quick__item${done ? ' quick__item--done' : ''}`} onClick={onClick}>
        <TradeIcon name={icon} />
        <span>{children}</span>
      </button>
    </li>
  );
}

/** Shortcuts per role; dispute only when the server offers it. */
export function QuickActions({
  trade,
  available,
  copied,
  handlers,
}: {
  trade: TradeView;
  available: readonly string[];
  copied: boolean;
  handlers: QuickHandlers;
}) {
  const t = useT();
  const { status } = trade;
  const buyer = trade.userRole === 'buyer';
  const seller = trade.userRole === 'seller';
  if (!buyer && !seller) return null;
  const canUpload = buyer && (status === 'ESCROW_LOCKED' || status === 'PAYMENT_PENDING');
  const confirmed = seller && status === 'PAYMENT_CONFIRMED';
  return (
    <section className="panel quick" aria-labelledby="quick-title">
      <h2 id="quick-title" className="panel__title">
        {t('trade.quick.title')}
      </h2>
      <ul className="quick__list">
        {canUpload && trade.paymentTemplate ? (
          <Item icon="copy" onClick={handlers.copyDetails} done={copied}>
            {copied ? t('trade.copied') : t('trade.quick.copyDetails')}
          </Item>
        ) : null}
        {canUpload ? (
          <Item icon="upload" onClick={handlers.upload}>
            {t('trade.quick.upload')}
          </Item>
        ) : null}
        {confirmed ? (
          <Item icon="bank" onClick={handlers.checkBank}>
            {t('trade.quick.checkBank')}
          </Item>
        ) : null}
        {confirmed && trade.paymentProofFiles.length ? (
          <Item icon="image" onClick={handlers.viewReceipt}>
            {t('trade.quick.viewReceipt')}
          </Item>
        ) : null}
        <Item icon="chat" onClick={handlers.write}>
          {t('trade.quick.write')}
        </Item>
        {available.includes('dispute_trade') ? (
          <Item icon="flag" onClick={handlers.dispute}>
            {t('trade.quick.dispute')}
          </Item>
        ) : null}
      </ul>
    </section>
  );
}
