import { API_KEY_SCOPES, type ApiKeyScope, CreateApiKeyRequest, type CreatedApiKey } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldFrame } from '@/components/ui/FieldFrame';
import { InputField } from '@/components/ui/InputField';
import { SecondFactorField, secondFactorReason, useTwoFactorStatus } from '@/features/two-factor';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { apiKeysKey, merchantApi } from '../api/merchant-api';
import { parseIpList } from '../lib/ip-list';

interface KeyFields {
  name: string;
  scopes: ApiKeyScope[];
  ip_allowlist: string[];
  totpCode: string;
}
type KeyRequest = z.output<typeof CreateApiKeyRequest>;

/** Scope checkboxes: «Чтение», «Торговля». */
function ScopesField({
  form,
  id,
}: {
  form: ReturnType<typeof useForm<KeyFields, unknown, KeyRequest>>;
  id: string;
}) {
  const t = useT();
  const { field, fieldState } = useController({ control: form.control, name: 'scopes' });
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    field.onChange(on ? [...field.value, scope] : field.value.filter((s) => s !== scope));
  return (
    <fieldset className="field api-scopes" aria-describedby={fieldState.error ? `${id}-scopes-e` : undefined}>
      <legend className="field__label">{t('apiPage.keys.scopes')}</legend>
      {API_KEY_SCOPES.map((scope) => (
        <label key={scope} className="api-check">
          <input
            type="checkbox"
            checked={field.value.includes(scope)}
            onChange={(e) => toggle(scope, e.target.checked)}
          />
          <span>
            {t(`apiPage.keys.scope.${scope}`)}
            <span className="muted small"> — {t(`apiPage.keys.scopeHint.${scope}`)}</span>
          </span>
        </label>
      ))}
      {fieldState.error ? (
        <p id={`${id}-scopes-e`} className="field__error" role="alert">
          {fieldState.error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The allow-list as a free text area; the array sent is parsed from it as it is typed. */
function IpListField({
  form,
  id,
}: {
  form: ReturnType<typeof useForm<KeyFields, unknown, KeyRequest>>;
  id: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const { field } = useController({ control: form.control, name: 'ip_allowlist' });
  const errors = form.formState.errors.ip_allowlist;
  const error = errors?.message ?? (Array.isArray(errors) ? errors.find(Boolean)?.message : undefined);
  return (
    <FieldFrame id={`${id}-ips`} label={t('apiPage.keys.ips')} hint={t('apiPage.keys.ipsHint')} error={error}>
      {(control) => (
        <textarea
          id={`${id}-ips`}
          className="input num"
          rows={2}
          value={text}
          placeholder="203.0.113.7"
          onChange={(e) => {
            setText(e.target.value);
            field.onChange(parseIpList(e.target.value));
          }}
          {...control}
        />
      )}
    </FieldFrame>
  );
}

/**
 * Creating a key: name, scopes, an optional IP allow-list and, with two-factor on, a fresh
 * code (the server asks for it by TWO_FACTOR_REQUIRED). Validated by the shared schema.
 */
export function ApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey & { name: string }) => void }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const twoFactor = useTwoFactorStatus();
  const resolver = useMemo(
    () => catalogueResolver<KeyFields, KeyRequest>(CreateApiKeyRequest, currentLang),
    [],
  );
  const form = useForm<KeyFields, unknown, KeyRequest>({
    resolver,
    defaultValues: { name: '', scopes: ['read'], ip_allowlist: [], totpCode: '' },
  });
  const name = useController({ control: form.control, name: 'name' });
  const code = useController({ control: form.control, name: 'totpCode' });
  const create = useMutation({
    mutationFn: (body: KeyRequest) =>
      merchantApi.createKey({ ...body, totpCode: body.totpCode || undefined }),
    onSuccess: (key, body) => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: apiKeysKey });
      onCreated({ ...key, name: body.name });
    },
    onError: (error) => {
      const field = secondFactorReason(error) ? 'totpCode' : 'root';
      form.setError(field, { type: 'server', message: error.message });
    },
  });
  const needsCode = twoFactor.data?.enabled === true;
  return (
    <form className="api-form" onSubmit={form.handleSubmit((body) => create.mutate(body))} noValidate>
      <InputField
        id={`${id}-name`}
        label={t('apiPage.keys.name')}
        placeholder={t('apiPage.keys.namePlaceholder')}
        value={name.field.value}
        onChange={name.field.onChange}
        maxLength={60}
        error={name.fieldState.error?.message ?? null}
      />
      <ScopesField form={form} id={id} />
      <IpListField form={form} id={id} />
      {needsCode ? (
        <SecondFactorField
          id={`${id}-code`}
          value={code.field.value}
          onChange={code.field.onChange}
          error={code.fieldState.error?.message ?? null}
        />
      ) : null}
      {form.formState.errors.root ? (
        <p className="field__error" role="alert">
          {form.formState.errors.root.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={create.isPending}>
        {t('apiPage.keys.create')}
      </button>
    </form>
  );
}
