import type { UserView } from '@p2p/shared';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { Switch } from '@/components/ui/Switch';
import { useT } from '@/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AvatarUpload } from '../components/AvatarUpload';
import { type Notice, type ProfileForm, useProfileEdit } from '../hooks/use-profile-edit';
import '../profile.css';

type Confirm = 'disable' | 'leave' | null;

export function ProfileEditPage() {
  const t = useT();
  useDocumentTitle(t('profileEdit.title'));
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history inside the app): "back" means the dashboard.
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  const edit = useProfileEdit();
  const { user, form, dirty, error } = edit;
  const [confirm, setConfirm] = useState<Confirm>(null);

  if (!user) return null;
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

      <form className="panel form" onSubmit={edit.submit} noValidate>
        <ProfilePreview user={user} name={edit.values.displayName} custom={edit.values.useCustomProfile} />
        <div className="field">
          <span className="field__label">{t('profileEdit.avatar')}</span>
          <AvatarUpload />
        </div>
        <DisplayNameField form={form} id={id} user={user} error={error} />
        <CustomProfileSwitch
          id={id}
          checked={edit.values.useCustomProfile}
          onChange={(next) => (next ? form.setValue('useCustomProfile', true) : setConfirm('disable'))}
        />
        <NoticeLine notice={edit.notice} />
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!dirty || edit.saving}
            onClick={edit.reset}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!dirty || !!error || edit.saving}>
            {edit.saving ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>

      <ProfileConfirms
        confirm={confirm}
        onClose={() => setConfirm(null)}
        onDisable={() => {
          form.setValue('useCustomProfile', false);
          setConfirm(null);
        }}
        onLeave={goBack}
      />
    </section>
  );
}

const telegramNameOf = (user: UserView) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '';

/** How others will see me with what is typed: the name (else the Telegram one) and the picture. */
function ProfilePreview({ user, name, custom }: { user: UserView; name: string; custom: boolean }) {
  const t = useT();
  const previewName = name.trim() || telegramNameOf(user);
  const previewAvatar = (custom && user.customAvatarUrl) || user.photoUrl || user.customAvatarUrl;
  return (
    <div className="profile-preview" aria-live="polite">
      <Avatar name={previewName} src={previewAvatar} size="lg" />
      <div>
        <div className="muted small">{t('profileEdit.preview')}</div>
        <div className="profile-preview__name">{previewName}</div>
        {user.username ? <div className="muted small">@{user.username}</div> : null}
      </div>
    </div>
  );
}

function DisplayNameField({
  form,
  id,
  user,
  error,
}: {
  form: ProfileForm;
  id: string;
  user: UserView;
  error: string | null;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={`${id}-name`} className="field__label">
        {t('profileEdit.displayName')}
      </label>
      <input
        id={`${id}-name`}
        className="input"
        maxLength={60}
        placeholder={telegramNameOf(user)}
        aria-invalid={error !== null}
        aria-describedby={`${id}-name-msg`}
        {...form.register('displayName')}
      />
      <p id={`${id}-name-msg`} className={error ? 'field__error' : 'field__hint'}>
        {error ?? t('profileEdit.displayNameHint')}
      </p>
    </div>
  );
}

/** Whether my own name and picture are shown instead of the Telegram ones. */
function CustomProfileSwitch({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  const t = useT();
  return (
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
        checked={checked}
        labelledBy={`${id}-custom`}
        describedBy={`${id}-custom-hint`}
        onChange={onChange}
      />
    </div>
  );
}

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p className={`alert alert--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

/** Asked first: turning the own profile off, and leaving with changes unsaved. */
function ProfileConfirms({
  confirm,
  onClose,
  onDisable,
  onLeave,
}: {
  confirm: Confirm;
  onClose: () => void;
  onDisable: () => void;
  onLeave: () => void;
}) {
  const t = useT();
  return (
    <>
      <ConfirmDialog
        open={confirm === 'disable'}
        title={t('profileEdit.confirmDisableTitle')}
        text={t('profileEdit.confirmDisable')}
        onCancel={onClose}
        onConfirm={onDisable}
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        title={t('profileEdit.confirmLeaveTitle')}
        text={t('profileEdit.confirmLeave')}
        confirmLabel={t('profileEdit.leave')}
        danger
        onCancel={onClose}
        onConfirm={onLeave}
      />
    </>
  );
}
