import { useEffect } from 'react';
import { useT } from '@/i18n';
import { Link, useLocation } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
// The guide is the repository's own docs/api.md, built into this page's chunk: one text for
// developers reading the repository and for those reading the app.
import guide from '../../../../../../docs/api.md?raw';
import { Markdown } from '../lib/markdown';
import '../info.css';

/**
 * The merchant API's guide, rendered (/docs/api): what a key may call with its bodies and curl
 * examples, signing, errors and webhooks, with links to the OpenAPI UI and the keys page.
 */
export function ApiGuidePage() {
  const t = useT();
  const { hash } = useLocation();
  useDocumentTitle(t('info.api.heading'));
  // A link to a section (#signing-a-request) lands on it once the guide is on the page.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="page page--narrow api-guide" aria-labelledby="api-guide-title">
      <h1 id="api-guide-title" className="page__title">
        {t('info.api.heading')}
      </h1>
      <div className="panel prose">
        {t('info.api.body')
          .split('\n\n')
          .map((text) => (
            <p key={text}>{text}</p>
          ))}
        <p className="api-guide__links">
          <a href="/api/docs" className="btn btn--ghost btn--sm">
            {t('info.api.openapi')}
          </a>
          <Link to="/settings/api" className="btn btn--ghost btn--sm">
            {t('info.api.keys')}
          </Link>
        </p>
      </div>
      <div className="panel md" lang="en">
        <Markdown source={guide} />
      </div>
    </article>
  );
}
