import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/Icon';
import { type MessageKey, useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Honest placeholder for screens later work builds: no sample numbers, ever. */
export function ComingSoon({
  titleKey,
  textKey,
  actions,
}: {
  titleKey: MessageKey;
  textKey?: MessageKey;
  /** Replaces the default "home" button. */
  actions?: ReactNode;
}) {
  const t = useT();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="page page--narrow" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="page__title">
        {title}
      </h1>
      <div className="panel coming-soon">
        <div className="coming-soon__badge">
          <Icon name="clock" size={26} />
        </div>
        <h2 className="coming-soon__title">{t('comingSoon.title')}</h2>
        <p className="muted">{textKey ? t(textKey) : t('comingSoon.text')}</p>
        <div className="coming-soon__actions">
          {actions ?? (
            <Link to="/" className="btn btn--ghost">
              {t('common.home')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
