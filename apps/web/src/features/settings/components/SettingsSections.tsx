import {
  AUTO_REPLY_MAX,
  SETTINGS_HIDE_AWAY,
  SETTINGS_MIN_RATING,
  SETTINGS_TIME_LIMIT,
  type UserView,
} from '@p2p/shared';
import type { ReactNode } from 'react';
import { type FieldPath, useController } from 'react-hook-form';
import { Avatar } from '@/components/ui/Avatar';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import type { SettingsFormApi } from '../hooks/use-settings-form';
import type { DraftField, SettingsDraft } from '../lib/draft';
import { SwitchRow } from './SwitchRow';
import { TelegramConnect } from './TelegramConnect';

type SwitchName = Extract<FieldPath<SettingsDraft>, `notifications.${string}` | `privacy.${string}`>;

/** An on/off setting bound to the form. */
function SettingSwitch({
  form,
  name,
  label,
  hint,
}: {
  form: SettingsFormApi;
  name: SwitchName | 'allowUnrated' | 'hideAway';
  label: string;
  hint: string;
}) {
  const { field } = useController({ control: form.control, name });
  return <SwitchRow label={label} hint={hint} checked={field.value} onChange={field.onChange} />;
}

/** The signed-in user's card: name, rating, trades, member since, and the profile editor. */
export function ProfileSummary({ user, id }: { user: UserView; id: string }) {
  const t = useT();
  const fmt = useFormat();
  return (
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
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Where notifications go, with the Telegram bot's connection under its switch. */
export function NotificationsSection({ form, id }: { form: SettingsFormApi; id: string }) {
  const t = useT();
  return (
    <Panel id={`${id}-notif`} title={t('prefs.notifications')}>
      <SettingSwitch
        form={form}
        name="notifications.telegram"
        label={t('prefs.notif.telegram')}
        hint={t('prefs.notif.telegramHint')}
      />
      <TelegramConnect />
      <SettingSwitch
        form={form}
        name="notifications.trades"
        label={t('prefs.notif.trades')}
        hint={t('prefs.notif.tradesHint')}
      />
      <SettingSwitch
        form={form}
        name="notifications.deposits"
        label={t('prefs.notif.deposits')}
        hint={t('prefs.notif.depositsHint')}
      />
      <SettingSwitch
        form={form}
        name="notifications.chat"
        label={t('prefs.notif.chat')}
        hint={t('prefs.notif.chatHint')}
      />
    </Panel>
  );
}

/** What others see of me and whether they may write. */
export function PrivacySection({ form, id }: { form: SettingsFormApi; id: string }) {
  const t = useT();
  return (
    <Panel id={`${id}-privacy`} title={t('prefs.privacy')}>
      <SettingSwitch
        form={form}
        name="privacy.showOnline"
        label={t('prefs.privacy.showOnline')}
        hint={t('prefs.privacy.showOnlineHint')}
      />
      <SettingSwitch
        form={form}
        name="privacy.showStats"
        label={t('prefs.privacy.showStats')}
        hint={t('prefs.privacy.showStatsHint')}
      />
      <SettingSwitch
        form={form}
        name="privacy.allowMessages"
        label={t('prefs.privacy.allowMessages')}
        hint={t('prefs.privacy.allowMessagesHint')}
      />
    </Panel>
  );
}

/** A text field's props: its complaint goes as soon as it is edited. */
function useTextField(form: SettingsFormApi, name: DraftField, msgId: string) {
  const error = form.formState.errors[name]?.message;
  return {
    error,
    props: {
      ...form.register(name, { onChange: () => form.clearErrors(name) }),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': msgId,
    },
  };
}

/** The line under a field: its hint, or its error in place of it. */
function FieldMessage({ id, error, hint }: { id: string; error: string | undefined; hint: string }) {
  return (
    <p id={id} className={error ? 'field__error' : 'field__hint'}>
      {error ?? hint}
    </p>
  );
}

function AutoReplyField({ form, id }: { form: SettingsFormApi; id: string }) {
  const t = useT();
  const { error, props } = useTextField(form, 'autoReply', `${id}-reply-msg`);
  const count = form.watch('autoReply').length;
  return (
    <div className="field">
      <label htmlFor={`${id}-reply`} className="field__label">
        {t('prefs.trading.autoReply')}
      </label>
      <textarea
        id={`${id}-reply`}
        className="input settings__reply"
        rows={3}
        placeholder={t('prefs.trading.autoReplyPlaceholder')}
        {...props}
      />
      <FieldMessage
        id={`${id}-reply-msg`}
        error={error}
        hint={t('prefs.trading.autoReplyHint', { count, max: AUTO_REPLY_MAX })}
      />
    </div>
  );
}

/** A number setting with its bounds (the shared settings schema's), label and hint. */
function NumberField(props: {
  form: SettingsFormApi;
  name: 'timeLimit' | 'minRating' | 'hideAwayMinutes';
  id: string;
  label: string;
  hint: string;
  bounds: { min: number; max: number; step?: number };
  inputMode: 'numeric' | 'decimal';
}) {
  const { form, name, id, bounds } = props;
  const { error, props: field } = useTextField(form, name, `${id}-msg`);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode={props.inputMode}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step ?? 1}
        {...field}
      />
      <FieldMessage id={`${id}-msg`} error={error} hint={props.hint} />
    </div>
  );
}

/** The auto-reply, the default payment window and who may trade on my orders. */
export function TradingSection({ form, id }: { form: SettingsFormApi; id: string }) {
  const t = useT();
  return (
    <Panel id={`${id}-trading`} title={t('prefs.trading')}>
      <AutoReplyField form={form} id={id} />
      <div className="settings__pair">
        <NumberField
          form={form}
          name="timeLimit"
          id={`${id}-window`}
          label={t('prefs.trading.timeLimit')}
          hint={t('prefs.trading.timeLimitHint')}
          bounds={SETTINGS_TIME_LIMIT}
          inputMode="numeric"
        />
        <NumberField
          form={form}
          name="minRating"
          id={`${id}-rating`}
          label={t('prefs.trading.minRating')}
          hint={t('prefs.trading.minRatingHint')}
          bounds={SETTINGS_MIN_RATING}
          inputMode="decimal"
        />
      </div>
      <SettingSwitch
        form={form}
        name="allowUnrated"
        label={t('prefs.trading.allowUnrated')}
        hint={t('prefs.trading.allowUnratedHint')}
      />
      <SettingSwitch
        form={form}
        name="hideAway"
        label={t('prefs.trading.hideAway')}
        hint={t('prefs.trading.hideAwayHint')}
      />
      {form.watch('hideAway') ? (
        <NumberField
          form={form}
          name="hideAwayMinutes"
          id={`${id}-away`}
          label={t('prefs.trading.hideAwayMinutes', SETTINGS_HIDE_AWAY)}
          hint={t('prefs.trading.hideAwayHint')}
          bounds={SETTINGS_HIDE_AWAY}
          inputMode="numeric"
        />
      ) : null}
    </Panel>
  );
}
