import { type AdminUserView, BackOfficeMessages, BlockUserRequest } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';
import { formProblem, SERVER_ERROR, useConsoleForm, withKeys } from './admin-form';

/** A block's or a lift's reason (BlockUserRequest, LiftLimitsRequest): 5 to 500 characters. */
export const REASON_KEYS = {
  messages: {
    [BackOfficeMessages.blockReasonRequired]: 'validation.admin.reason',
    [BackOfficeMessages.blockReasonTooLong]: 'validation.admin.reasonTooLong',
  },
} as const;
const BlockSchema = withKeys(BlockUserRequest, REASON_KEYS);

/** Block or unblock with a reason (admins only; the server audits it). */
export function BlockDialog({ user, onClose }: { user: AdminUserView; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const block = !user.blockedAt;
  const form = useConsoleForm<BlockUserRequest, BlockUserRequest>(BlockSchema, { reason: '' });
  const mutation = useSetBlocked(user, block, onClose, (message) =>
    form.setError(SERVER_ERROR, { type: 'server', message }),
  );
  const problem = formProblem(form.formState.errors, ['reason']);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form
        className="bo-form"
        onSubmit={form.handleSubmit(({ reason }) => mutation.mutate(reason))}
        noValidate
      >
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
          <textarea id={`${id}-r`} className="input" rows={3} maxLength={500} {...form.register('reason')} />
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

/** Blocks or unblocks; the user and the user list reload; a refusal goes to `onRefused`. */
function useSetBlocked(
  user: AdminUserView,
  block: boolean,
  onDone: () => void,
  onRefused: (message: string) => void,
) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => adminApi.setBlocked(user.id, block, reason),
    onSuccess: () => {
      toast.success(t(block ? 'bo.user.blockedToast' : 'bo.user.unblockedToast'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user', user.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      onDone();
    },
    onError: (error) => onRefused(error.message || t('bo.actionFailed')),
  });
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
