import type { DisputeCase, EvidenceRequestCreate } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';

/** Ask one party for evidence with a deadline in hours (1..168). */
export function EvidenceForm({ tradeId }: { tradeId: string }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [party, setParty] = useState<'buyer' | 'seller'>('seller');
  const [text, setText] = useState('');
  const [hours, setHours] = useState('24');
  const ask = useMutation({
    mutationFn: (body: EvidenceRequestCreate) => adminApi.requestEvidence(tradeId, body),
    onSuccess: () => {
      setText('');
      toast.success(t('bo.case.evidenceSent'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes', 'case', tradeId] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
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
          onChange={(e) => setParty(e.target.value as 'buyer' | 'seller')}
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
          onChange={(e) => setHours(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--ghost" disabled={ask.isPending || !text.trim()}>
        {t('bo.case.evidenceSend')}
      </button>
    </form>
  );
}

/** Release to the buyer or refund the seller, with a written outcome and a second question. */
export function ResolveForm({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'release' | 'refund' | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const tradeId = dispute.trade.id;
  const resolve = useMutation({
    mutationFn: (body: { outcome: 'release' | 'refund'; note: string }) => adminApi.resolve(tradeId, body),
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setProblem(t('bo.case.pickOutcome'));
    if (note.trim().length < 5) return setProblem(t('bo.case.outcomeShort'));
    setProblem(null);
    setAsking(true);
  };
  const amount = fmt.crypto(dispute.trade.amountCrypto, dispute.trade.cryptocurrency);
  return (
    <form className="bo-form" onSubmit={submit} noValidate aria-labelledby={`${id}-t`}>
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
        {(['release', 'refund'] as const).map((value) => (
          <label key={value} className="bo-radio">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
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
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('bo.case.outcomeHint')}
        </p>
      </div>
      <button type="submit" className="btn btn--primary" disabled={resolve.isPending}>
        {t('bo.case.resolve')}
      </button>
      {asking && outcome ? (
        <ConfirmDialog
          open
          danger
          title={t(outcome === 'release' ? 'bo.case.release' : 'bo.case.refund')}
          text={t(outcome === 'release' ? 'bo.case.confirmRelease' : 'bo.case.confirmRefund', {
            amount,
            name: outcome === 'release' ? dispute.buyer.name : dispute.seller.name,
          })}
          confirmLabel={t(outcome === 'release' ? 'bo.case.release' : 'bo.case.refund')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            resolve.mutate({ outcome, note: note.trim() });
          }}
        />
      ) : null}
    </form>
  );
}
