import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="page page--narrow not-found" aria-labelledby="nf-title">
      <div className="not-found__code num" aria-hidden="true">
        404
      </div>
      <h1 id="nf-title" className="page__title">
        {t('notFound.title')}
      </h1>
      <p className="muted">{t('notFound.text')}</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          {t('common.home')}
        </Link>
        <Link to="/dashboard" className="btn btn--ghost">
          {t('common.dashboard')}
        </Link>
      </div>
    </section>
  );
}
