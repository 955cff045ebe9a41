import { DevLoginRequest } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '@/components/ui/Avatar';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { authApi } from '../api/auth-api';

type DevLoginFields = z.input<typeof DevLoginRequest>;
type DevLogin = z.output<typeof DevLoginRequest>;

/** A new username, checked on submit with the server's DevLoginRequest; the rule turns red when refused. */
function useNewUserForm(onPick: (username: string) => void) {
  const resolver = useMemo(
    () => catalogueResolver<DevLoginFields, DevLogin>(DevLoginRequest, currentLang),
    [],
  );
  const form = useForm<DevLoginFields, unknown, DevLogin>({
    resolver,
    defaultValues: { username: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  return {
    field: form.register('username'),
    invalid: form.formState.errors.username !== undefined,
    submit: form.handleSubmit((body) => onPick(body.username)),
  };
}

/**
 * Development sign-in: pick a demo user or type any new username (AUTH_DEV_LOGIN=1 only). Demo
 * users have two-factor on with the README's demo secret; their current code is shown here.
 */
export function DevLoginPicker({ busy, onPick }: { busy: boolean; onPick: (username: string) => void }) {
  const t = useT();
  const id = useId();
  const { field, invalid, submit } = useNewUserForm(onPick);

  return (
    <section className="dev-login" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dev-login__title">
        {t('auth.devTitle')}
      </h2>
      <p className="muted small">{t('auth.devHint')}</p>
      <DevUsers busy={busy} onPick={onPick} />
      <form className="dev-login__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`} className="field__label">
          {t('auth.devNewLabel')}
        </label>
        <div className="input-row">
          <input
            id={`${id}-name`}
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            placeholder="new_trader"
            aria-invalid={invalid}
            aria-describedby={`${id}-rule`}
            {...field}
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

/** The demo users, each with its current authenticator code. */
function DevUsers({ busy, onPick }: { busy: boolean; onPick: (username: string) => void }) {
  const t = useT();
  // Demo users' authenticator codes change every 30 s: the list follows them.
  const users = useQuery({
    queryKey: ['auth', 'dev-users'],
    queryFn: authApi.devUsers,
    refetchInterval: 10_000,
  });
  if (!users.data || users.data.length === 0) return null;
  return (
    <ul className="dev-login__users">
      {users.data.map((user) => (
        <li key={user.username}>
          <button type="button" className="dev-user" disabled={busy} onClick={() => onPick(user.username)}>
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
  );
}
