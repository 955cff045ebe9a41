import type { TradeView } from '@p2p/shared';
import type { ReactNode, Ref, RefObject } from 'react';
import { PayerAccountCard } from '@/components/PayerAccountCard';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { Checklist, type ChecklistState } from './Checklist';
import { PaymentDetails } from './PaymentDetails';
import { Receipts } from './Receipts';
import { ReceiptUpload } from './ReceiptUpload';
import { SendDetails } from './SendDetails';
import { StatusNotice } from './StatusNotice';
import { AutoReleaseCard, ConfirmationTimer, PaymentTimer } from './Timers';

function Block({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <div className="role-block" id={id}>
      <h2 className="role-block__title">{title}</h2>
      {children}
    </div>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <div className="tr-notice tr-notice--info">
      <Icon name="info" />
      <p>{children}</p>
    </div>
  );
}

const AWAITING_PAYMENT = ['CREATED', 'ESCROW_LOCKED', 'PENDING'];
/** Receipts are accepted while the payment is made or awaits confirmation (server rule). */
const CAN_UPLOAD = ['ESCROW_LOCKED', 'PAYMENT_PENDING'];

interface BuyerPanelProps {
  trade: TradeView;
  onTimeout: () => void;
  uploadRef: RefObject<HTMLInputElement | null>;
}

/** What the buyer needs in each status. */
export function BuyerPanel({ trade, onTimeout, uploadRef }: BuyerPanelProps) {
  const t = useT();
  // Display-only statuses are accepted too, though the server never writes them.
  const status: string = trade.status;
  const upload = CAN_UPLOAD.includes(status);
  const receipts = (
    <Block title={t('trade.block.receipt')} id="trade-receipt">
      {trade.paymentProofFiles.length ? <Receipts trade={trade} /> : null}
      {upload ? <ReceiptUpload trade={trade} inputRef={uploadRef} /> : null}
      {!upload && !trade.paymentProofFiles.length ? <Receipts trade={trade} /> : null}
    </Block>
  );
  if (AWAITING_PAYMENT.includes(status)) {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.buyer')}>
        <PaymentTimer trade={trade} onExpire={onTimeout} />
        <div className="role-panel__grid">
          <Block title={t('trade.block.details')}>
            <PaymentDetails trade={trade} />
          </Block>
          {receipts}
        </div>
      </section>
    );
  }
  if (status === 'PAYMENT_PENDING' || status === 'PAID') {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.buyer')}>
        <Note>{t('trade.buyer.paid')}</Note>
        <ConfirmationTimer trade={trade} onExpire={onTimeout} />
        <div className="role-panel__grid">
          <Block title={t('trade.block.details')}>
            <PaymentDetails trade={trade} />
          </Block>
          {receipts}
        </div>
      </section>
    );
  }
  if (status === 'PAYMENT_CONFIRMED' || status === 'CONFIRMING' || status === 'PAYMENT_RELEASED') {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.buyer')}>
        <Note>{t('trade.buyer.confirmed')}</Note>
        <AutoReleaseCard trade={trade} onExpire={onTimeout} />
      </section>
    );
  }
  return (
    <section className="panel role-panel" aria-label={t('trade.panel.buyer')}>
      <StatusNotice trade={trade} />
      <AutoReleaseCard trade={trade} onExpire={onTimeout} />
    </section>
  );
}

interface SellerPanelProps {
  trade: TradeView;
  onTimeout: () => void;
  checklist: ChecklistState;
  onChecklist: (next: ChecklistState) => void;
  receiptRef: Ref<HTMLButtonElement>;
}

/** What the seller needs in each status. */
export function SellerPanel({ trade, onTimeout, checklist, onChecklist, receiptRef }: SellerPanelProps) {
  const t = useT();
  // Display-only statuses are accepted too, though the server never writes them.
  const status: string = trade.status;
  const receipts = (
    <Block title={t('trade.block.receiptSeller')} id="trade-receipt">
      <Receipts trade={trade} viewRef={receiptRef} />
      <p className="muted small">{t('trade.seller.receiptWarning')}</p>
    </Block>
  );
  // Who paid, beside what to check: the account the buyer named and what the platform knows of it.
  const payer = (
    <Block title={t('fraud.payer.title')} id="trade-payer">
      <PayerAccountCard payer={trade.payer} buyerName={trade.buyer.effectiveName} />
    </Block>
  );
  if (AWAITING_PAYMENT.includes(status)) {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.seller')}>
        <PaymentTimer trade={trade} onExpire={onTimeout} />
        <div className="role-panel__grid">
          <Block title={t('trade.block.send')}>
            <SendDetails trade={trade} />
          </Block>
          <Block title={t('trade.block.sent')}>
            <PaymentDetails trade={trade} />
          </Block>
          {/* A receipt may come before «Я оплатил»; the seller sees it (and any match) at once. */}
          {trade.paymentProofFiles.length ? receipts : null}
        </div>
      </section>
    );
  }
  if (status === 'PAYMENT_PENDING' || status === 'PAID') {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.seller')}>
        <Note>{t('trade.seller.paid')}</Note>
        <ConfirmationTimer trade={trade} onExpire={onTimeout} />
        <div className="role-panel__grid">
          {payer}
          {receipts}
          <Block title={t('trade.block.sent')}>
            <PaymentDetails trade={trade} />
          </Block>
        </div>
      </section>
    );
  }
  if (status === 'PAYMENT_CONFIRMED' || status === 'CONFIRMING') {
    return (
      <section className="panel role-panel" aria-label={t('trade.panel.seller')}>
        <AutoReleaseCard trade={trade} onExpire={onTimeout} />
        <div className="role-panel__grid">
          <Block title={t('trade.block.verify')} id="trade-checklist">
            <Checklist trade={trade} state={checklist} onChange={onChecklist} />
          </Block>
          {payer}
          {receipts}
        </div>
      </section>
    );
  }
  return (
    <section className="panel role-panel" aria-label={t('trade.panel.seller')}>
      <StatusNotice trade={trade} />
      <AutoReleaseCard trade={trade} onExpire={onTimeout} />
      {trade.payer ? <div className="role-panel__grid">{payer}</div> : null}
    </section>
  );
}
