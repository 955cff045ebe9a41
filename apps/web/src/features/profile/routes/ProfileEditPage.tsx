import { validateProfileDisplayName } from '@p2p/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { Switch } from '@/components/ui/Switch';
import { useSession } from '@/features/auth';
import { useLocalize, useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { profileApi } from '../api/profile-api';
import { AvatarUpload } from '../components/AvatarUpload';
import '../profile.css';

/** Profile messages clear after 5 s. */
const MESSAGE_MS = 5_000;
type Notice = { kind: 'success' | 'error'; text: string } | null;
type Confirm = 'disable' | 'leave' | null;

export function ProfileEditPage() {
  const t = useT();
  const localize = useLocalize();
  useDocumentTitle(t('profileEdit.title'));
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history inside the app): "back" means the dashboard.
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  const { user, setUser } = useSession();
  const [name, setName] = useState(user?.displayName ?? '');
  const [custom, setCustom] = useState(user?.useCustomProfile ?? false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const save = useMutation({
    mutationFn: profileApi.updateProfile,
    onSuccess: (updated) => {
      setUser(updated);
      setName(updated.displayName ?? '');
      setCustom(updated.useCustomProfile);
      setNotice({ kind: 'success', text: t('profileEdit.saved') });
    },
    onError: (e) => setNotice({ kind: 'error', text: e.message || t('profileEdit.error') }),
  });

  if (!user) return null;
  const error = validateProfileDisplayName(name);
  const dirty = name.trim() !== (user.displayName ?? '') || custom !== user.useCustomProfile;
  const telegramName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '';
  const previewName = name.trim() || telegramName;
  const previewAvatar = (custom && user.customAvatarUrl) || user.photoUrl || user.customAvatarUrl;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error || !dirty) return;
    save.mutate({ displayName: name.trim() || null, useCustomProfile: custom });
  };
  const reset = () => {
    setName(user.displayName ?? '');
    setCustom(user.useCustomProfile);
  };

  return (
    <section className="page page--narrow" aria-labelledby={`${id}-title`}>
      <div className="page__head">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => (dirty ? setConfirm('leave') : goBack())}
        >
          <Icon name="arrowLeft" size={16} /> {t('common.back')}
        </button>
        <h1 id={`${id}-title`} className="page__title">
          {t('profileEdit.title')}
        </h1>
      </div>

      <form className="panel form" onSubmit={submit} noValidate>
        <div className="profile-preview" aria-live="polite">
          <Avatar name={previewName} src={previewAvatar} size="lg" />
          <div>
            <div className="muted small">{t('profileEdit.preview')}</div>
            <div className="profile-preview__name">{previewName}</div>
            {user.username ? <div className="muted small">@{user.username}</div> : null}
          </div>
        </div>
        <div className="field">
          <span className="field__label">{t('profileEdit.avatar')}</span>
          <AvatarUpload />
        </div>

        <div className="field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t('profileEdit.displayName')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={60}
            placeholder={telegramName}
            aria-invalid={error !== null}
            aria-describedby={`${id}-name-msg`}
            onChange={(e) => setName(e.target.value)}
          />
          <p id={`${id}-name-msg`} className={error ? 'field__error' : 'field__hint'}>
            {error ? localize(error) : t('profileEdit.displayNameHint')}
          </p>
        </div>

        <div className="switch-row">
          <div>
            <div id={`${id}-custom`} className="field__label">
              {t('profileEdit.useCustom')}
            </div>
            <p id={`${id}-custom-hint`} className="field__hint">
              {t('profileEdit.useCustomHint')}
            </p>
          </div>
          <Switch
            checked={custom}
            labelledBy={`${id}-custom`}
            describedBy={`${id}-custom-hint`}
            onChange={(next) => (next ? setCustom(true) : setConfirm('disable'))}
          />
        </div>

        {notice ? (
          <p className={`alert alert--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        ) : null}

        <div className="form__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!dirty || save.isPending}
            onClick={reset}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!dirty || !!error || save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirm === 'disable'}
        title={t('profileEdit.confirmDisableTitle')}
        text={t('profileEdit.confirmDisable')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setCustom(false);
          setConfirm(null);
        }}
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        title={t('profileEdit.confirmLeaveTitle')}
        text={t('profileEdit.confirmLeave')}
        confirmLabel={t('profileEdit.leave')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={goBack}
      />
    </section>
  );
}
