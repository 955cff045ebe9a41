import type { AdminUserView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';

/** Block or unblock with a reason (admins only; the server audits it). */
export function BlockDialog({ user, onClose }: { user: AdminUserView; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const block = !user.blockedAt;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => adminApi.setBlocked(user.id, block, reason.trim()),
    onSuccess: () => {
      toast.success(t(block ? 'bo.user.blockedToast' : 'bo.user.unblockedToast'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', user.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      onClose();
    },
    onError: (error) => setProblem(error.message || t('bo.actionFailed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5) return setProblem(t('validation.admin.reason'));
    mutation.mutate();
  };
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form className="bo-form" onSubmit={submit} noValidate>
        <h2 id={`${id}-t`} className="dialog__title">
          {t(block ? 'bo.user.blockTitle' : 'bo.user.unblockTitle')}
        </h2>
        <p id={`${id}-d`} className="muted">
          {block ? t('bo.user.blockText') : null}
        </p>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-r`}>
            {t('bo.user.reason')}
          </label>
          <textarea
            id={`${id}-r`}
            className="input"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('bo.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${block ? 'btn--sell' : 'btn--primary'}`}
            disabled={mutation.isPending}
          >
            {t(block ? 'bo.user.block' : 'bo.user.unblock')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A staff note on the user page. */
export function NoteForm({ userId }: { userId: string }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () => adminApi.addNote(userId, text.trim()),
    onSuccess: () => {
      setText('');
      toast.success(t('bo.user.noteSaved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', userId] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
  return (
    <form
      className="bo-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) mutation.mutate();
      }}
    >
      <label className="field__label" htmlFor={`${id}-n`}>
        {t('bo.user.addNote')}
      </label>
      <textarea
        id={`${id}-n`}
        className="input"
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <button
          type="submit"
          className="btn btn--ghost btn--sm"
          disabled={mutation.isPending || !text.trim()}
        >
          {t('bo.user.saveNote')}
        </button>
      </div>
    </form>
  );
}
