import { DisplayNameRequest, suggestDisplayName } from '@p2p/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { currentLang, useLocalize, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { profileApi } from '../api/profile-api';

const dismissedKey = (userId: string) => `welcome_dialog_dismissed:${userId}`;

function readDismissed(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    return localStorage.getItem(dismissedKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * A signed-in user without a display name is asked for one, once: «Позже» (or closing it any
 * way) is remembered in this browser for that user, so it never reopens over what they do next
 * (docs/decisions/034). The name can be set later in the profile.
 */
export function WelcomeDialog() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState<string[]>([]);
  if (!user || user.displayName !== null || dismissed.includes(user.id) || readDismissed(user.id))
    return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.id), '1');
    } catch {
      // storage unavailable: dismissed until reload
    }
    setDismissed((ids) => [...ids, user.id]);
  };
  return <WelcomeForm key={user.id} suggestion={suggestDisplayName(user)} onDismiss={dismiss} />;
}

type NameRequest = z.output<typeof DisplayNameRequest>;

/**
 * The name form: react-hook-form over the shared DisplayNameRequest, checked on save (Enter in
 * the field saves too); once a complaint shows, it follows what is typed.
 */
function useWelcomeForm(suggestion: string) {
  const t = useT();
  const localize = useLocalize();
  const { setUser } = useSession();
  const resolver = useMemo(
    () => catalogueResolver<NameRequest, NameRequest>(DisplayNameRequest, currentLang),
    [],
  );
  const form = useForm<NameRequest, unknown, NameRequest>({
    resolver,
    defaultValues: { display_name: suggestion },
    reValidateMode: 'onSubmit',
  });
  const save = useMutation({
    mutationFn: profileApi.setDisplayName,
    onSuccess: (user) => {
      setUser(user);
      toast.success(t('welcome.saved'));
    },
    onError: (e) =>
      form.setError('display_name', { type: 'server', message: localize(e.message || t('welcome.error')) }),
  });
  const field = form.register('display_name', {
    onChange: () => {
      if (form.getFieldState('display_name').error) void form.trigger('display_name');
    },
  });
  return {
    field,
    error: form.formState.errors.display_name?.message ?? null,
    submit: form.handleSubmit((body) => save.mutate(body.display_name)),
    saving: save.isPending,
  };
}

function WelcomeForm({ suggestion, onDismiss }: { suggestion: string; onDismiss: () => void }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { field, error, submit, saving } = useWelcomeForm(suggestion);

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
            id={`${id}-name`}
            className="input"
            maxLength={60}
            autoComplete="nickname"
            aria-invalid={error !== null}
            aria-describedby={`${id}-msg`}
            {...field}
            ref={(element) => {
              field.ref(element);
              input.current = element;
            }}
          />
          <p
            id={`${id}-msg`}
            className={error ? 'field__error' : 'field__hint'}
            role={error ? 'alert' : undefined}
          >
            {error ?? t('welcome.hint')}
          </p>
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onDismiss}>
            {t('common.later')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
