import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { useT } from '@/i18n';
import { authApi } from '../api/auth-api';

const USERNAME = /^[A-Za-z0-9_]{2,32}$/;

/**
 * Development sign-in: pick a demo user or type any new username (AUTH_DEV_LOGIN=1 only). Demo
 * users have two-factor on with the README's demo secret; their current code is shown here.
 */
export function DevLoginPicker({ busy, onPick }: { busy: boolean; onPick: (username: string) => void }) {
  const t = useT();
  const id = useId();
  // Demo users' authenticator codes change every 30 s: the list follows them.
  const users = useQuery({
    queryKey: ['auth', 'dev-users'],
    queryFn: authApi.devUsers,
    refetchInterval: 10_000,
  });
  const [username, setUsername] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!USERNAME.test(name)) return setInvalid(true);
    setInvalid(false);
    onPick(name);
  };

  return (
    <section className="dev-login" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dev-login__title">
        {t('auth.devTitle')}
      </h2>
      <p className="muted small">{t('auth.devHint')}</p>
      {users.data && users.data.length > 0 ? (
        <ul className="dev-login__users">
          {users.data.map((user) => (
            <li key={user.username}>
              <button
                type="button"
                className="dev-user"
                disabled={busy}
                onClick={() => onPick(user.username)}
              >
                <Avatar name={user.effectiveName} size="sm" />
                <span className="dev-user__name">{user.effectiveName}</span>
                <span className="dev-user__handle">@{user.username}</span>
                {user.totpCode ? (
                  <span className="dev-user__code mono" title={t('auth.devCodeHint')}>
                    {t('auth.devCode', { code: user.totpCode })}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="dev-login__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`} className="field__label">
          {t('auth.devNewLabel')}
        </label>
        <div className="input-row">
          <input
            id={`${id}-name`}
            className="input"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            placeholder="new_trader"
            aria-invalid={invalid}
            aria-describedby={`${id}-rule`}
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('auth.devNewButton')}
          </button>
        </div>
        <p id={`${id}-rule`} className={invalid ? 'field__error' : 'field__hint'}>
          {t('auth.devRule')}
        </p>
      </form>
    </section>
  );
}
