import { Link } from 'react-router';
import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { infoEn } from '../content/en';
import { infoRu } from '../content/ru';
import type { InfoSlug } from '../content/types';

/** Short static page of the footer (spec 1 §2). */
export function InfoPage({ slug }: { slug: InfoSlug }) {
  const { lang, t } = useI18n();
  const page = (lang === 'en' ? infoEn : infoRu)[slug];
  useDocumentTitle(page.title);
  return (
    <article className="page page--narrow" aria-labelledby="info-title">
      <h1 id="info-title" className="page__title">
        {page.title}
      </h1>
      <div className="panel prose">
        {page.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {slug === 'api' ? (
          <p>
            <a href="/api/docs" className="btn btn--ghost">
              /api/docs
            </a>
          </p>
        ) : null}
      </div>
      <Link to="/" className="btn btn--ghost">
        <Icon name="arrowLeft" size={16} /> {t('common.home')}
      </Link>
    </article>
  );
}
