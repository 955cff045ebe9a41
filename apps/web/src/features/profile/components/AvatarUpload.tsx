import { AVATAR_MAX_BYTES } from '@p2p/shared';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useLocalize, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { avatarApi, checkAvatarFile } from '../api/avatar-api';

/** Upload (checked here first) and delete of the custom avatar, and the line that says why not. */
function useAvatarUpload() {
  const t = useT();
  const localize = useLocalize();
  const { setUser, refetchUser } = useSession();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: avatarApi.upload,
    onSuccess: (result) => {
      setUser(result.user);
      setError(null);
      toast.success(t('avatarUi.uploaded'));
    },
    onError: (e) => {
      const message = e.message || t('avatarUi.uploadFailed');
      setError(message);
      toast.error(message);
    },
  });
  const remove = useMutation({
    mutationFn: avatarApi.remove,
    onSuccess: async () => {
      await refetchUser();
      toast.success(t('avatarUi.deleted'));
    },
    onError: (e) => toast.error(e.message || t('avatarUi.deleteFailed')),
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setError(localize(problem));
      toast.error(localize(problem));
      return;
    }
    upload.mutate(file);
  };
  return {
    error,
    choose,
    uploading: upload.isPending,
    busy: upload.isPending || remove.isPending,
    remove: () => remove.mutate(),
  };
}

/**
 * Upload and delete of the custom avatar: checked here for type, size and
 * extension, then by the server by its bytes; the new picture shows wherever the user appears.
 */
export function AvatarUpload() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { user } = useSession();
  const { error, choose, uploading, busy, remove } = useAvatarUpload();
  const [confirming, setConfirming] = useState(false);

  if (!user) return null;
  return (
    <div className="avatar-upload">
      <div className="avatar-upload__actions">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
          // The visible button opens it; the input itself stays out of the tab order and the page.
          hidden
          aria-label={t('avatarUi.upload')}
          onChange={choose}
          data-testid="avatar-input"
        />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {uploading
            ? t('avatarUi.uploading')
            : user.customAvatarUrl
              ? t('avatarUi.replace')
              : t('avatarUi.upload')}
        </button>
        {user.customAvatarUrl ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm tr-danger-text"
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            {t('avatarUi.delete')}
          </button>
        ) : null}
      </div>
      <p
        id={`${id}-hint`}
        className={error ? 'field__error' : 'field__hint'}
        role={error ? 'alert' : undefined}
      >
        {error ?? t('avatarUi.hint', { size: fmt.fileSize(AVATAR_MAX_BYTES) })}
      </p>
      <ConfirmDialog
        open={confirming}
        title={t('avatarUi.deleteTitle')}
        text={t('avatarUi.deleteText')}
        confirmLabel={t('avatarUi.delete')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
      />
    </div>
  );
}
