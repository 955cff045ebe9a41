import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type InfoSlug, infoKeys } from '../content/types';

/** Short static page of the footer. */
export function InfoPage({ slug }: { slug: InfoSlug }) {
  const t = useT();
  const keys = infoKeys(slug);
  const title = t(keys.title);
  useDocumentTitle(title);
  return (
    <article className="page page--narrow" aria-labelledby="info-title">
      <h1 id="info-title" className="page__title">
        {title}
      </h1>
      <div className="panel prose">
        {t(keys.body)
          .split('\n\n')
          .map((text) => (
            <p key={text}>{text}</p>
          ))}
      </div>
      <Link to="/" className="btn btn--ghost">
        <Icon name="arrowLeft" size={16} /> {t('common.home')}
      </Link>
    </article>
  );
}
