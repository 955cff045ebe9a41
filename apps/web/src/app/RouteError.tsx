import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NotFoundPage } from './NotFoundPage';

/**
 * What a route shows when its code, loader or render fails: a plain screen with «Обновить», never
 * React Router's developer screen (docs/decisions/034). An unknown route's 404 is the usual page.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <AppErrorScreen />;
}

export function AppErrorScreen() {
  const t = useT();
  useDocumentTitle(t('appError.title'));
  return (
    <section className="page page--narrow not-found" role="alert" aria-labelledby="app-error-title">
      <h1 id="app-error-title" className="page__title">
        {t('appError.title')}
      </h1>
      <p className="muted">{t('appError.text')}</p>
      <div className="not-found__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('appError.reload')}
        </button>
      </div>
    </section>
  );
}

/** Shown while the first screen's code loads on a full page load (React Router's HydrateFallback). */
export function FirstLoadFallback() {
  const t = useT();
  return (
    <div className="page" aria-busy="true">
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
