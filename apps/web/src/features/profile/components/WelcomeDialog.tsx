import { suggestDisplayName, validateDisplayName } from '@p2p/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useLocalize, useT } from '@/i18n';
import { profileApi } from '../api/profile-api';

const DISMISSED_KEY = 'welcome_dialog_dismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** A signed-in user without a display name is asked for one. */
export function WelcomeDialog() {
  const { user } = useSession();
  // "Later" hides it for this browser session only; the next visit asks again.
  const [dismissedFor, setDismissedFor] = useState(readDismissed);
  if (!user || user.displayName !== null || dismissedFor === user.id) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // storage unavailable: dismissed until reload
    }
    setDismissedFor(user.id);
  };
  return <WelcomeForm key={user.id} suggestion={suggestDisplayName(user)} onDismiss={dismiss} />;
}

function WelcomeForm({ suggestion, onDismiss }: { suggestion: string; onDismiss: () => void }) {
  const t = useT();
  const localize = useLocalize();
  const id = useId();
  const { setUser } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(suggestion);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: profileApi.setDisplayName,
    onSuccess: (user) => {
      setUser(user);
      toast.success(t('welcome.saved'));
    },
    onError: (e) => setError(e.message || t('welcome.error')),
  });

  // A form submit, so Enter in the field saves.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateDisplayName(name);
    setError(message);
    if (message) return input.current?.focus();
    save.mutate(name.trim());
  };

  return (
    <Dialog open onClose={onDismiss} labelledBy={`${id}-t`} describedBy={`${id}-d`} initialFocus={input}>
      <form onSubmit={submit} noValidate>
        <div className="dialog__icon">
          <Icon name="user" size={24} />
        </div>
        <h2 id={`${id}-t`} className="dialog__title">
          {t('welcome.title')}
        </h2>
        <p id={`${id}-d`} className="muted">
          {t('welcome.text')}
        </p>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t('welcome.label')}
          </label>
          <input
            ref={input}
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={60}
            autoComplete="nickname"
            aria-invalid={error !== null}
            aria-describedby={`${id}-msg`}
            onChange={(e) => {
              setName(e.target.value);
              if (error) setError(validateDisplayName(e.target.value));
            }}
          />
          <p
            id={`${id}-msg`}
            className={error ? 'field__error' : 'field__hint'}
            role={error ? 'alert' : undefined}
          >
            {error ? localize(error) : t('welcome.hint')}
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onDismiss}>
            {t('common.later')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
