import { type DisputeCase, type EvidenceRequestCreate, ResolveDisputeRequest } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { formProblem, useConsoleForm, withKeys } from './admin-form';

type Party = EvidenceRequestCreate['party'];

/** Ask one party for evidence with a deadline in hours (1..168). */
export function EvidenceForm({ tradeId }: { tradeId: string }) {
  const t = useT();
  const id = useId();
  const [party, setParty] = useState<Party>('seller');
  const [text, setText] = useState('');
  const [hours, setHours] = useState('24');
  const ask = useEvidenceRequest(tradeId, () => setText(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({ party, text: text.trim(), hours: Number(hours) });
  };
  return (
    <form className="bo-form" onSubmit={submit} aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} className="bo-subtitle">
        {t('bo.case.evidence')}
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-party`}>
          {t('bo.case.evidenceParty')}
        </label>
        <select
          id={`${id}-party`}
          className="input"
          value={party}
          onChange={(e) => setParty(e.target.value as Party)}
        >
          <option value="buyer">{t('bo.party.buyer')}</option>
          <option value="seller">{t('bo.party.seller')}</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {t('bo.case.evidenceText')}
        </label>
        <textarea
          id={`${id}-text`}
          className="input"
          rows={2}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <EvidenceHours id={id} hours={hours} onHours={setHours} />
      <button type="submit" className="btn btn--ghost" disabled={ask.isPending || !text.trim()}>
        {t('bo.case.evidenceSend')}
      </button>
    </form>
  );
}

function EvidenceHours({
  id,
  hours,
  onHours,
}: {
  id: string;
  hours: string;
  onHours: (hours: string) => void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-hours`}>
        {t('bo.case.evidenceHours')}
      </label>
      <input
        id={`${id}-hours`}
        className="input num"
        type="number"
        min={1}
        max={168}
        value={hours}
        onChange={(e) => onHours(e.target.value)}
      />
    </div>
  );
}

/** Sends an evidence request; the case reloads. */
function useEvidenceRequest(tradeId: string, onSent: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvidenceRequestCreate) => adminApi.requestEvidence(tradeId, body),
    onSuccess: () => {
      onSent();
      toast.success(t('bo.case.evidenceSent'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes', 'case', tradeId] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
}

const OUTCOMES = ['release', 'refund'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** The resolve form as typed: no outcome until one is chosen. */
interface ResolveFields {
  outcome: Outcome | '';
  note: string;
}

/** The resolve request's own rules: an outcome, then a written one of at least 5. */
const ResolveSchema = withKeys(ResolveDisputeRequest, {
  missing: { outcome: 'bo.case.pickOutcome', note: 'bo.case.outcomeShort' },
});

/** Sends a resolution: resolved, or (above FOUR_EYES_USD) waiting for a second admin. */
function useResolveDispute(tradeId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveDisputeRequest) => adminApi.resolve(tradeId, body),
    onSuccess: (result) => {
      // Above FOUR_EYES_USD nothing moved yet: a second admin must approve (docs/decisions/023).
      if ('pendingApproval' in result) toast.success(t('staffSafety.pendingSecondAdmin'));
      else toast.success(t('bo.case.resolved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
}

/** Release to the buyer or refund the seller, with a written outcome and a second question. */
export function ResolveForm({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const id = useId();
  const form = useConsoleForm<ResolveFields, ResolveDisputeRequest>(ResolveSchema, { outcome: '', note: '' });
  const [asking, setAsking] = useState<ResolveDisputeRequest | null>(null);
  const resolve = useResolveDispute(dispute.trade.id);
  const problem = formProblem(form.formState.errors, ['outcome', 'note']);
  const outcome = form.watch('outcome');
  return (
    <form className="bo-form" onSubmit={form.handleSubmit(setAsking)} noValidate aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} className="bo-subtitle">
        {t('bo.case.resolve')}
      </h3>
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      <fieldset className="bo-radios">
        <legend className="sr-only">{t('bo.case.resolve')}</legend>
        {OUTCOMES.map((value) => (
          <label key={value} className="bo-radio">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => form.setValue('outcome', value)}
            />
            {t(value === 'release' ? 'bo.case.release' : 'bo.case.refund')}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          {t('bo.case.outcome')}
        </label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={3}
          maxLength={1000}
          aria-describedby={`${id}-hint`}
          {...form.register('note')}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('bo.case.outcomeHint')}
        </p>
      </div>
      <button type="submit" className="btn btn--primary" disabled={resolve.isPending}>
        {t('bo.case.resolve')}
      </button>
      {asking ? (
        <ConfirmResolve
          dispute={dispute}
          outcome={asking.outcome}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            resolve.mutate(asking);
          }}
        />
      ) : null}
    </form>
  );
}

/** The second question: who gets the escrow; it cannot be undone. */
function ConfirmResolve({
  dispute,
  outcome,
  onCancel,
  onConfirm,
}: {
  dispute: DisputeCase;
  outcome: Outcome;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const release = outcome === 'release';
  return (
    <ConfirmDialog
      open
      danger
      title={t(release ? 'bo.case.release' : 'bo.case.refund')}
      text={t(release ? 'bo.case.confirmRelease' : 'bo.case.confirmRefund', {
        amount: fmt.crypto(dispute.trade.amountCrypto, dispute.trade.cryptocurrency),
        name: release ? dispute.buyer.name : dispute.seller.name,
      })}
      confirmLabel={t(release ? 'bo.case.release' : 'bo.case.refund')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
