import type { MessageKey } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { API_GUIDE_PATH, type InfoSlug, infoKeys } from '@/features/info';
import { LanguageSwitcher, useI18n } from '@/i18n';
import { Link } from '@/lib/router';

type FooterLink = { to: string; title: MessageKey };
const info = (...slugs: InfoSlug[]): FooterLink[] =>
  slugs.map((slug) => ({ to: `/${slug}`, title: infoKeys(slug).title }));

const GROUPS: { title: 'footer.product' | 'footer.help' | 'footer.legal'; links: FooterLink[] }[] = [
  {
    title: 'footer.product',
    links: [
      ...info('about', 'how-it-works', 'security', 'fees'),
      { to: '/reserves', title: 'reserves.publicLink' },
    ],
  },
  // «API» opens the merchant API's guide, rendered (docs/api.md).
  {
    title: 'footer.help',
    links: [...info('support', 'faq', 'contact'), { to: API_GUIDE_PATH, title: 'info.api.title' }],
  },
  { title: 'footer.legal', links: info('terms', 'privacy', 'aml') },
];

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <div className="logo__name">{t('app.name')}</div>
          <p className="muted small">{t('footer.note')}</p>
          <ul className="footer__badges">
            <li className="badge badge--buy">
              <Icon name="shield" size={14} /> {t('footer.secure')}
            </li>
            <li className="badge badge--primary">
              <Icon name="bolt" size={14} /> {t('footer.fast')}
            </li>
            <li className="badge badge--warn">
              <Icon name="globe" size={14} /> {t('footer.global')}
            </li>
          </ul>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} className="footer__group" aria-label={t(group.title)}>
            <h2 className="footer__title">{t(group.title)}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.title)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer__bottom">
        <span className="muted small">© {new Date().getFullYear()} P2P Market</span>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
