import { AUTO_REPLY_MAX, SETTINGS_MIN_RATING, SETTINGS_TIME_LIMIT, type UserSettings } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useLocalize, useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { settingsApi, settingsKeys, useUserSettings } from '../api/settings-api';
import { SwitchRow } from '../components/SwitchRow';
import { TelegramConnect } from '../components/TelegramConnect';
import { type DraftField, draftOf, isDirty, requestOf, type SettingsDraft } from '../lib/draft';
import '../settings.css';

/** /profile: profile settings, stored on the server and applied by it. */
export function SettingsPage() {
  const t = useT();
  useDocumentTitle(t('page.profile'));
  const settings = useUserSettings();
  if (settings.isPending) {
    return (
      <div className="page">
        <LoadingState text={t('common.loading')} />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="page page--narrow">
        <MessageState title={t('dash.loadError')} text={settings.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => settings.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      </div>
    );
  }
  // Keyed by the stored version: a save elsewhere starts the form afresh.
  return <SettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: UserSettings }) {
  const t = useT();
  const localize = useLocalize();
  const fmt = useFormat();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user, signOut } = useSession();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const dirty = isDirty(draft, settings);

  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      toast.success(t('prefs.saved'));
    },
    onError: (e) => toast.error(t('prefs.saveFailed', { reason: e.message })),
  });

  if (!user) return null;
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(draft);
    if (!request.ok) {
      setErrors(request.errors);
      toast.error(t('prefs.invalid'));
      return;
    }
    save.mutate(request.body);
  };
  // Logout signs out, then the dashboard (which asks to sign in again).
  const logout = async () => {
    await signOut();
    navigate('/dashboard');
  };
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  const notif = draft.notifications;
  const privacy = draft.privacy;

  return (
    <section className="page page--narrow settings" aria-labelledby={`${id}-title`}>
      <div className="page__head">
        <button type="button" className="btn btn--ghost btn--sm" onClick={goBack}>
          <Icon name="arrowLeft" size={16} /> {t('common.back')}
        </button>
        <h1 id={`${id}-title`} className="page__title">
          {t('page.profile')}
        </h1>
      </div>

      <section className="panel settings-profile" aria-labelledby={`${id}-profile`}>
        <Avatar name={user.effectiveName} src={user.effectiveAvatar} size="lg" />
        <div className="settings-profile__who">
          <h2 id={`${id}-profile`} className="settings-profile__name">
            {user.effectiveName}
          </h2>
          {user.username ? <div className="muted small">@{user.username}</div> : null}
          <div className="muted small num">
            {user.rating === null ? t('orders.noRating') : `★ ${fmt.rating(user.rating)}`}
            {' · '}
            {t('trade.participants.trades', { count: user.trades_count })}
          </div>
          <div className="muted small">
            {t('profile.memberSince', { date: fmt.date(user.createdAt, 'long') })}
          </div>
        </div>
        <Link to="/profile/edit" className="btn btn--ghost btn--sm">
          {t('prefs.editProfile')}
        </Link>
      </section>

      <form className="settings__form" onSubmit={submit} noValidate>
        <section className="panel" aria-labelledby={`${id}-notif`}>
          <h2 id={`${id}-notif`} className="panel__title">
            {t('prefs.notifications')}
          </h2>
          <SwitchRow
            label={t('prefs.notif.telegram')}
            hint={t('prefs.notif.telegramHint')}
            checked={notif.telegram}
            onChange={(v) => set('notifications', { ...notif, telegram: v })}
          />
          <TelegramConnect />
          <SwitchRow
            label={t('prefs.notif.trades')}
            hint={t('prefs.notif.tradesHint')}
            checked={notif.trades}
            onChange={(v) => set('notifications', { ...notif, trades: v })}
          />
          <SwitchRow
            label={t('prefs.notif.deposits')}
            hint={t('prefs.notif.depositsHint')}
            checked={notif.deposits}
            onChange={(v) => set('notifications', { ...notif, deposits: v })}
          />
          <SwitchRow
            label={t('prefs.notif.chat')}
            hint={t('prefs.notif.chatHint')}
            checked={notif.chat}
            onChange={(v) => set('notifications', { ...notif, chat: v })}
          />
        </section>

        <section className="panel" aria-labelledby={`${id}-privacy`}>
          <h2 id={`${id}-privacy`} className="panel__title">
            {t('prefs.privacy')}
          </h2>
          <SwitchRow
            label={t('prefs.privacy.showOnline')}
            hint={t('prefs.privacy.showOnlineHint')}
            checked={privacy.showOnline}
            onChange={(v) => set('privacy', { ...privacy, showOnline: v })}
          />
          <SwitchRow
            label={t('prefs.privacy.showStats')}
            hint={t('prefs.privacy.showStatsHint')}
            checked={privacy.showStats}
            onChange={(v) => set('privacy', { ...privacy, showStats: v })}
          />
          <SwitchRow
            label={t('prefs.privacy.allowMessages')}
            hint={t('prefs.privacy.allowMessagesHint')}
            checked={privacy.allowMessages}
            onChange={(v) => set('privacy', { ...privacy, allowMessages: v })}
          />
        </section>

        <section className="panel" aria-labelledby={`${id}-trading`}>
          <h2 id={`${id}-trading`} className="panel__title">
            {t('prefs.trading')}
          </h2>
          <div className="field">
            <label htmlFor={`${id}-reply`} className="field__label">
              {t('prefs.trading.autoReply')}
            </label>
            <textarea
              id={`${id}-reply`}
              className="input settings__reply"
              rows={3}
              value={draft.autoReply}
              placeholder={t('prefs.trading.autoReplyPlaceholder')}
              aria-invalid={errors.autoReply ? true : undefined}
              aria-describedby={`${id}-reply-msg`}
              onChange={(e) => set('autoReply', e.target.value)}
            />
            <p id={`${id}-reply-msg`} className={errors.autoReply ? 'field__error' : 'field__hint'}>
              {errors.autoReply
                ? localize(errors.autoReply)
                : t('prefs.trading.autoReplyHint', { count: draft.autoReply.length, max: AUTO_REPLY_MAX })}
            </p>
          </div>
          <div className="settings__pair">
            <div className="field">
              <label htmlFor={`${id}-window`} className="field__label">
                {t('prefs.trading.timeLimit')}
              </label>
              <input
                id={`${id}-window`}
                className="input"
                type="number"
                inputMode="numeric"
                min={SETTINGS_TIME_LIMIT.min}
                max={SETTINGS_TIME_LIMIT.max}
                step={1}
                value={draft.timeLimit}
                aria-invalid={errors.timeLimit ? true : undefined}
                aria-describedby={`${id}-window-msg`}
                onChange={(e) => set('timeLimit', e.target.value)}
              />
              <p id={`${id}-window-msg`} className={errors.timeLimit ? 'field__error' : 'field__hint'}>
                {errors.timeLimit ? localize(errors.timeLimit) : t('prefs.trading.timeLimitHint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-rating`} className="field__label">
                {t('prefs.trading.minRating')}
              </label>
              <input
                id={`${id}-rating`}
                className="input"
                type="number"
                inputMode="decimal"
                min={SETTINGS_MIN_RATING.min}
                max={SETTINGS_MIN_RATING.max}
                step={SETTINGS_MIN_RATING.step}
                value={draft.minRating}
                aria-invalid={errors.minRating ? true : undefined}
                aria-describedby={`${id}-rating-msg`}
                onChange={(e) => set('minRating', e.target.value)}
              />
              <p id={`${id}-rating-msg`} className={errors.minRating ? 'field__error' : 'field__hint'}>
                {errors.minRating ? localize(errors.minRating) : t('prefs.trading.minRatingHint')}
              </p>
            </div>
          </div>
          <SwitchRow
            label={t('prefs.trading.allowUnrated')}
            hint={t('prefs.trading.allowUnratedHint')}
            checked={draft.allowUnrated}
            onChange={(v) => set('allowUnrated', v)}
          />
        </section>

        <div className="settings__actions">
          <button type="button" className="btn btn--ghost tr-danger-text" onClick={() => void logout()}>
            <Icon name="logout" size={16} /> {t('menu.logout')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setDraft(draftOf(settings));
              setErrors({});
            }}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!dirty || save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
