import type { UserSettings } from '@p2p/shared';
import { useId } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUserSettings } from '../api/settings-api';
import {
  NotificationsSection,
  PrivacySection,
  ProfileSummary,
  TradingSection,
} from '../components/SettingsSections';
import { TimeZoneSection } from '../components/TimeZoneSection';
import { useSettingsForm } from '../hooks/use-settings-form';
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
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, signOut } = useSession();
  const { form, submit, saving, dirty } = useSettingsForm(settings);

  if (!user) return null;
  // Logout signs out, then the dashboard (which asks to sign in again).
  const logout = async () => {
    await signOut();
    navigate('/dashboard');
  };
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));

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
      <ProfileSummary user={user} id={id} />
      <nav className="panel" aria-label={t('apiPage.title')}>
        <Link to="/settings/api" className="btn btn--ghost btn--sm">
          <Icon name="bolt" size={16} /> {t('apiPage.title')}
        </Link>
      </nav>
      <TimeZoneSection user={user} id={id} />
      <form className="settings__form" onSubmit={submit} noValidate>
        <NotificationsSection form={form} id={id} />
        <PrivacySection form={form} id={id} />
        <TradingSection form={form} id={id} />
        <div className="settings__actions">
          <button type="button" className="btn btn--ghost tr-danger-text" onClick={() => void logout()}>
            <Icon name="logout" size={16} /> {t('menu.logout')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!dirty || saving}
            onClick={() => form.reset()}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!dirty || saving}>
            {saving ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
