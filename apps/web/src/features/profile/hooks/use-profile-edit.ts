import { UpdateProfileRequest, type UserView } from '@p2p/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '@/features/auth';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { profileApi } from '../api/profile-api';

/** Profile messages clear after 5 s. */
const MESSAGE_MS = 5_000;
export type Notice = { kind: 'success' | 'error'; text: string } | null;

export interface ProfileFields {
  displayName: string;
  useCustomProfile: boolean;
}
type ProfileRequest = z.output<typeof UpdateProfileRequest>;
export type ProfileForm = UseFormReturn<ProfileFields, unknown, ProfileRequest>;

const fieldsOf = (user: UserView | null): ProfileFields => ({
  displayName: user?.displayName ?? '',
  useCustomProfile: user?.useCustomProfile ?? false,
});

/**
 * The profile form: react-hook-form over the shared UpdateProfileRequest, the name checked as it
 * is typed. Changed means other than stored, spaces around the name aside. The outcome of a save
 * is said for 5 s.
 */
export function useProfileEdit() {
  const t = useT();
  const { user, setUser } = useSession();
  const resolver = useMemo(
    () => catalogueResolver<ProfileFields, ProfileRequest>(UpdateProfileRequest, currentLang),
    [],
  );
  const form: ProfileForm = useForm<ProfileFields, unknown, ProfileRequest>({
    resolver,
    mode: 'onChange',
    defaultValues: fieldsOf(user),
    shouldFocusError: false,
  });
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const save = useMutation({
    mutationFn: profileApi.updateProfile,
    onSuccess: (updated) => {
      setUser(updated);
      form.reset(fieldsOf(updated));
      setNotice({ kind: 'success', text: t('profileEdit.saved') });
    },
    onError: (e) => setNotice({ kind: 'error', text: e.message || t('profileEdit.error') }),
  });

  const values = form.watch();
  const dirty =
    values.displayName.trim() !== (user?.displayName ?? '') ||
    values.useCustomProfile !== (user?.useCustomProfile ?? false);
  return {
    user,
    form,
    values,
    dirty,
    error: form.formState.errors.displayName?.message ?? null,
    notice,
    saving: save.isPending,
    submit: form.handleSubmit((body) => {
      if (dirty) {
        save.mutate({
          displayName: body.displayName ?? null,
          useCustomProfile: body.useCustomProfile ?? false,
        });
      }
    }),
    reset: () => form.reset(fieldsOf(user)),
  };
}
