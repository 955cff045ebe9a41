import type { ApprovalStatus, ApprovalView, StaffRef } from '@p2p/shared';
import { useId } from 'react';
import { useT } from '@/i18n';
import { shortId } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import type { ApprovalStep } from './ApprovalStepDialog';

const PILL: Record<ApprovalStatus, string> = {
  pending: 'warn',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

/** What a proposal does, as its card's title says. */
export const KIND_LABEL = {
  'dispute.resolve': 'staffSafety.kind.dispute',
  'balance.credit': 'staffSafety.kind.credit',
  'withdrawal.fail': 'staffSafety.kind.withdrawalFail',
} as const;

export const staffName = (s: StaffRef) => `${s.firstName} ${s.lastName}`.trim() || s.email;

/**
 * One proposal: what it does (the trade and outcome, or the credit), how much and what that is
 * worth in dollars, who proposed it and why. Approve and reject are shown to everyone but work
 * only for another admin; a disabled button says why underneath.
 */
export function ApprovalCard({
  approval: a,
  busy,
  onStep,
}: {
  approval: ApprovalView;
  busy: boolean;
  onStep: (step: ApprovalStep) => void;
}) {
  const t = useT();
  const id = useId();
  const pending = a.status === 'pending';
  const why = a.refusal && a.refusal !== 'decided' ? t(`staffSafety.refusal.${a.refusal}`) : null;
  return (
    <li className="panel bo-card" data-testid="approval" data-approval-id={a.id} data-status={a.status}>
      <div className="bo-card__head">
        <span className="bo-strong">{t(KIND_LABEL[a.kind])}</span>
        <span className={`status-pill status-pill--${PILL[a.status]}`}>
          {t(`staffSafety.status.${a.status}`)}
        </span>
      </div>
      <dl className="bo-facts">
        {a.trade ? <TradeFacts trade={a.trade} /> : null}
        {a.withdrawal ? <WithdrawalFacts withdrawal={a.withdrawal} /> : null}
        <ProposalFacts approval={a} />
      </dl>
      {pending ? (
        <ApprovalActions approval={a} busy={busy} whyId={why ? `${id}-why` : undefined} onStep={onStep} />
      ) : null}
      {pending && why ? (
        <p id={`${id}-why`} className="muted small" data-testid="approval-refusal">
          {why}
        </p>
      ) : null}
    </li>
  );
}

/** A resolution's trade: its link and status, the outcome proposed, the parties. */
function TradeFacts({ trade }: { trade: NonNullable<ApprovalView['trade']> }) {
  const t = useT();
  return (
    <>
      <div>
        <dt>{t('staffSafety.field.trade')}</dt>
        <dd>
          <Link to={`/admin/disputes/${trade.id}`}>{shortId(trade.id)}</Link> ·{' '}
          {t(`tradeStatus.${trade.status}`)}
        </dd>
      </div>
      <div className="bo-facts__wide">
        <dt>{t('bo.case.resolve')}</dt>
        <dd className="bo-strong" data-testid="approval-outcome">
          {t(trade.outcome === 'release' ? 'staffSafety.outcome.release' : 'staffSafety.outcome.refund')}
        </dd>
      </div>
      <div className="bo-facts__wide">
        <dt>{t('staffSafety.field.parties')}</dt>
        <dd>{t('staffSafety.field.partiesValue', { buyer: trade.buyer.name, seller: trade.seller.name })}</dd>
      </div>
    </>
  );
}

/**
 * A withdrawal fail's request (docs/decisions/035): its status now and where it was sent; the
 * proposal's reason is what the proposer checked on the chain.
 */
function WithdrawalFacts({ withdrawal: w }: { withdrawal: NonNullable<ApprovalView['withdrawal']> }) {
  const t = useT();
  return (
    <>
      <div>
        <dt>{t('staffSafety.field.withdrawal')}</dt>
        <dd data-testid="approval-withdrawal">
          {shortId(w.id)} · {t(`bo.wdStatus.${w.status}`)} · {w.network}
        </dd>
      </div>
      <div className="bo-facts__wide">
        <dt>{t('staffSafety.field.address')}</dt>
        <dd className="bo-break mono">{w.address}</dd>
      </div>
    </>
  );
}

/** How much and its dollars, who gets it, who proposed it and why, and the decision if any. */
function ProposalFacts({ approval: a }: { approval: ApprovalView }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <div>
        <dt>{t('staffSafety.field.amount')}</dt>
        <dd className="num" data-testid="approval-amount">
          {fmt.crypto(a.amount, a.cryptocurrency)}
          {a.trade ? (
            <span className="muted"> · {fmt.fiat(a.trade.amountFiat, a.trade.fiatCurrency)}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('staffSafety.field.usd')}</dt>
        <dd className="num bo-strong" data-testid="approval-usd">
          {fmt.fiat(a.usdValue, 'USD')}
        </dd>
      </div>
      <div>
        <dt>{t('staffSafety.field.beneficiary')}</dt>
        <dd>
          <Link to={`/admin/users/${a.beneficiary.id}`}>{a.beneficiary.name}</Link>
        </dd>
      </div>
      <div>
        <dt>{t('staffSafety.field.proposedBy')}</dt>
        <dd data-testid="approval-proposer">
          {t('staffSafety.who', { name: staffName(a.proposedBy), when: fmt.dateTime(a.proposedAt) })}
        </dd>
      </div>
      <div className="bo-facts__wide">
        <dt>{t(a.withdrawal ? 'staffSafety.field.chainCheck' : 'staffSafety.field.reason')}</dt>
        <dd className="bo-break">{a.reason}</dd>
      </div>
      {a.decidedBy && a.decidedAt ? (
        <div>
          <dt>{t('staffSafety.field.decidedBy')}</dt>
          <dd>{t('staffSafety.who', { name: staffName(a.decidedBy), when: fmt.dateTime(a.decidedAt) })}</dd>
        </div>
      ) : null}
      {a.decisionNote ? (
        <div className="bo-facts__wide">
          <dt>{t('staffSafety.field.decisionNote')}</dt>
          <dd className="bo-break">{a.decisionNote}</dd>
        </div>
      ) : null}
    </>
  );
}

/** Approve and reject (for another admin only, described by why not), withdraw for the proposer. */
function ApprovalActions({
  approval: a,
  busy,
  whyId,
  onStep,
}: {
  approval: ApprovalView;
  busy: boolean;
  whyId: string | undefined;
  onStep: (step: ApprovalStep) => void;
}) {
  const t = useT();
  return (
    <div className="bo-actions">
      <button
        type="button"
        className="btn btn--sm btn--buy"
        disabled={!a.mayDecide || busy}
        aria-describedby={whyId}
        onClick={() => onStep('approve')}
      >
        {t('staffSafety.approve')}
      </button>
      <button
        type="button"
        className="btn btn--sm btn--sell"
        disabled={!a.mayDecide || busy}
        aria-describedby={whyId}
        onClick={() => onStep('reject')}
      >
        {t('staffSafety.reject')}
      </button>
      {a.mayCancel ? (
        <button
          type="button"
          className="btn btn--sm btn--ghost"
          disabled={busy}
          onClick={() => onStep('cancel')}
        >
          {t('staffSafety.withdraw')}
        </button>
      ) : null}
    </div>
  );
}
