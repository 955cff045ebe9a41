import type { UpdateSettingsRequest, UserSettings } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { settingsApi, settingsKeys } from '../api/settings-api';
import { draftOf, type SettingsDraft, settingsFormSchema } from '../lib/draft';

export type SettingsFormApi = UseFormReturn<SettingsDraft, unknown, UpdateSettingsRequest>;

/**
 * The settings form: react-hook-form over the stored settings, checked on save with the shared
 * UpdateSettingsRequest. A field's complaint goes once it is edited and comes back only on the
 * next save; Cancel puts the stored values back.
 */
export function useSettingsForm(settings: UserSettings) {
  const t = useT();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () => catalogueResolver<SettingsDraft, UpdateSettingsRequest>(settingsFormSchema, currentLang),
    [],
  );
  const form: SettingsFormApi = useForm<SettingsDraft, unknown, UpdateSettingsRequest>({
    resolver,
    defaultValues: draftOf(settings),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      toast.success(t('prefs.saved'));
    },
    onError: (e) => toast.error(t('prefs.saveFailed', { reason: e.message })),
  });

  const submit = form.handleSubmit(
    (body) => save.mutate(body),
    () => toast.error(t('prefs.invalid')),
  );
  return { form, submit, saving: save.isPending, dirty: form.formState.isDirty };
}
