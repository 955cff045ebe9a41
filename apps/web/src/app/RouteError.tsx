import { Component, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { type Location, useLocation } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';

interface BoundaryState {
  error: unknown;
  location: Location;
}

/**
 * What a route shows when its code or its render fails: a plain screen with «Обновить», never a
 * blank page or a developer's screen (docs/decisions/034). Moving to another address tries again.
 */
class Boundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('route failed') };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    return this.state.error ? <AppErrorScreen /> : this.props.children;
  }
}

export function RouteBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
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

/** Shown while the first screen's code loads on a full page load (the route's `<Suspense>` fallback). */
export function FirstLoadFallback() {
  const t = useT();
  return (
    <div className="page" aria-busy="true">
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
