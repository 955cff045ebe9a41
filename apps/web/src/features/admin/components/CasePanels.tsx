import type { DisputeCase } from '@p2p/shared';
import type { ReactNode } from 'react';
import { PayerAccountCard } from '@/components/PayerAccountCard';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { CaseChat } from './CaseChat';
import { EvidenceForm, ResolveForm } from './CaseForms';
import { EvidenceList, PartyCard, PaymentDetailsSent, Receipts, Timeline } from './CaseSections';
import { disputeReasonKey } from './common';
import { DisputeOwnershipButton } from './DisputeOwnershipButton';

/**
 * The case page's head (/admin/disputes/:id): who runs the case and for how long; take it or
 * give it back while open, else how it closed.
 */
export function CaseHead({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const fmt = useFormat();
  const { trade, owner } = dispute;
  const open = trade.status === 'DISPUTED';
  return (
    <div className="panel bo-case-head">
      <p data-testid="case-owner">
        {owner
          ? t('bo.case.ownedBy', { name: `${owner.firstName} ${owner.lastName}`.trim() || owner.email })
          : t('bo.disputes.free')}
      </p>
      {dispute.openedAt && open ? (
        <span className={`status-pill status-pill--${dispute.overSla ? 'danger' : 'warn'}`}>
          {t('bo.disputes.age', { age: fmt.duration(dispute.ageSeconds) })}
        </span>
      ) : null}
      {open ? (
        <div className="bo-actions">
          <DisputeOwnershipButton tradeId={trade.id} ownerId={owner?.id ?? null} takeStyle="primary" />
        </div>
      ) : (
        <p className="alert alert--success" data-testid="case-closed">
          {t('bo.case.closed', { status: t(`tradeStatus.${trade.status}`) })}
        </p>
      )}
    </div>
  );
}

/** The case itself: its summary, the chat, and (once taken) the evidence and resolve forms. */
export function CaseMain({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const { trade } = dispute;
  const open = trade.status === 'DISPUTED';
  return (
    <div className="bo-case__main">
      <CaseSummary dispute={dispute} />
      <section className="panel" aria-labelledby="case-chat">
        <h2 id="case-chat" className="panel__title">
          {t('bo.case.chat')}
        </h2>
        {open && !dispute.canAct ? <p className="muted small">{t('bo.case.takeFirst')}</p> : null}
        <CaseChat tradeId={trade.id} messages={dispute.messages} canWrite={open && dispute.canAct} />
      </section>
      {open && dispute.canAct ? (
        <section className="panel bo-case__forms" aria-label={t('bo.case.resolve')}>
          <EvidenceForm tradeId={trade.id} />
          {/* One proposal per case: while it waits, the case cannot be resolved again. */}
          {dispute.pendingApproval ? null : <ResolveForm dispute={dispute} />}
        </section>
      ) : null}
    </div>
  );
}

function CaseSummary({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const fmt = useFormat();
  const { trade } = dispute;
  return (
    <section className="panel" aria-labelledby="case-summary">
      <h2 id="case-summary" className="panel__title">
        {t('bo.case.summary')}
      </h2>
      <dl className="bo-facts">
        <div>
          <dt>{t('bo.case.amount')}</dt>
          <dd className="num">
            {fmt.crypto(trade.amountCrypto, trade.cryptocurrency)} ·{' '}
            {fmt.fiat(trade.amountFiat, trade.fiatCurrency)}
          </dd>
        </div>
        <div>
          <dt>{t('bo.case.escrow')}</dt>
          <dd className="num">{fmt.crypto(dispute.escrow.amount, dispute.escrow.currency)}</dd>
        </div>
        <div>
          <dt>{t('bo.case.method')}</dt>
          <dd>{fmt.paymentMethod(trade.paymentMethod)}</dd>
        </div>
        <div>
          <dt>{t('bo.case.status')}</dt>
          <dd>{t(`tradeStatus.${trade.status}`)}</dd>
        </div>
        <div className="bo-facts__wide">
          <dt>{t('bo.disputes.reason')}</dt>
          <dd>
            {trade.disputeReason ? t(disputeReasonKey(trade.disputeReason)) : '—'}
            {trade.disputeDetails ? <span className="muted"> — {trade.disputeDetails}</span> : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Beside the case: the parties and their evidence, the details sent, the payer, receipts, timeline. */
export function CaseSide({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  return (
    <div className="bo-case__side">
      <SidePanel id="case-parties" title={t('bo.case.parties')}>
        <PartyCard side="buyer" party={dispute.buyer} />
        <PartyCard side="seller" party={dispute.seller} />
        <EvidenceList dispute={dispute} />
      </SidePanel>
      <SidePanel id="case-payment" title={t('bo.case.payment')}>
        <PaymentDetailsSent dispute={dispute} />
      </SidePanel>
      <SidePanel id="case-payer" title={t('fraud.payer.title')}>
        <PayerAccountCard payer={dispute.trade.payer} buyerName={dispute.buyer.name} />
      </SidePanel>
      <SidePanel id="case-receipts" title={t('bo.case.receipts')}>
        <Receipts dispute={dispute} />
      </SidePanel>
      <SidePanel id="case-timeline" title={t('bo.case.timeline')}>
        <Timeline dispute={dispute} />
      </SidePanel>
    </div>
  );
}

/** One titled panel beside the case; its heading names the section. */
function SidePanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
