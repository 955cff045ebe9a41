import type { UserView } from '@p2p/shared';
import { useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { useDismiss } from '@/components/ui/modal';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';
import { Link, useNavigate } from '@/lib/router';
import { ACCOUNT_LINKS } from './nav-links';

/** Avatar button with a dropdown of account entries; closes on outside click or Escape. */
export function UserMenu({ user }: { user: UserView }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss({ open, onDismiss: () => setOpen(false), root, button });

  const logout = async () => {
    setOpen(false);
    navigate('/');
    await signOut();
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={user.effectiveName} src={user.effectiveAvatar} size="sm" />
        <span className="user-menu__name" data-testid="header-user-name">
          {user.effectiveName}
        </span>
        {/* The visible name stays the start of the accessible name; this only adds what it opens. */}
        <span className="sr-only"> · {t('header.userMenu')}</span>
        <Icon name="chevronDown" size={16} className="user-menu__caret" />
      </button>
      <div id={`${id}-menu`} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__who">
          <Avatar name={user.effectiveName} src={user.effectiveAvatar} />
          <div>
            <div className="user-menu__who-name">{user.effectiveName}</div>
            {user.username ? <div className="muted small">@{user.username}</div> : null}
          </div>
        </div>
        <ul className="user-menu__list">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="user-menu__item" onClick={() => setOpen(false)}>
                <Icon name={link.icon} /> {t(link.label)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="user-menu__item user-menu__item--danger" onClick={logout}>
              <Icon name="logout" /> {t('menu.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
