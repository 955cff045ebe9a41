import { API_GUIDE_PATH } from '@/features/info';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ApiKeysPanel } from '../components/ApiKeysPanel';
import { WebhooksPanel } from '../components/WebhooksPanel';
import '../merchant-api.css';

/** «API и вебхуки» (/settings/api): the merchant API's keys and webhooks (docs/api.md). */
export function ApiSettingsPage() {
  const t = useT();
  useDocumentTitle(t('apiPage.title'));
  return (
    <section className="page page--narrow" aria-labelledby="api-title">
      <div className="page__head">
        <h1 id="api-title" className="page__title">
          {t('apiPage.title')}
        </h1>
        <p className="muted">{t('apiPage.intro')}</p>
        <p className="small">
          <Link to={`${API_GUIDE_PATH}#signing-a-request`}>{t('apiPage.docs')}</Link>
        </p>
      </div>
      <ApiKeysPanel />
      <WebhooksPanel />
    </section>
  );
}
