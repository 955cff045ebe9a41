import { useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SessionsPanel } from '../components/SessionsPanel';
import { TwoFactorPanel } from '../components/TwoFactorPanel';
import '../two-factor.css';

/** «Безопасность» (/settings/security): two-factor authentication, and ending every session. */
export function SecurityPage() {
  const t = useT();
  useDocumentTitle(t('tfa.title'));
  return (
    <section className="page page--narrow" aria-labelledby="security-title">
      <div className="page__head">
        <h1 id="security-title" className="page__title">
          {t('tfa.title')}
        </h1>
      </div>
      <TwoFactorPanel />
      <SessionsPanel />
    </section>
  );
}
