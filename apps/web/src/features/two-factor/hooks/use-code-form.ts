import { TwoFactorCodeRequest } from '@p2p/shared';
import { type FormEvent, useMemo } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { currentLang } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';

export interface CodeFields {
  code: string;
}
type CodeRequest = z.output<typeof TwoFactorCodeRequest>;

export interface CodeForm {
  /** The code as typed, and its setter for a controlled input. */
  code: string;
  setCode: (code: string) => void;
  /** The field's complaint: the schema's, or the server's refusal. */
  error: string | null;
  /** Something was typed: the send button may be pressed. */
  ready: boolean;
  /** Sends a non-blank code; as a form's onSubmit it also keeps the page where it is. */
  submit: (event?: FormEvent) => void;
  /** Puts the server's refusal on the field (null takes it away). */
  refuse: (message: string | null) => void;
  /** Empties the field, its complaint kept. */
  clear: () => void;
  /** Empties the field and takes its complaint away. */
  reset: () => void;
}

/**
 * A second-factor code form: react-hook-form over the shared TwoFactorCodeRequest (trimmed, at
 * most 40 characters). Nothing is sent while the code is blank; the server's refusal is put on
 * the field with `refuse` and stays there until the next code is sent.
 */
export function useCodeForm(onCode: (code: string) => void): CodeForm {
  const resolver = useMemo(
    () => catalogueResolver<CodeFields, CodeRequest>(TwoFactorCodeRequest, currentLang),
    [],
  );
  const form = useForm<CodeFields, unknown, CodeRequest>({
    resolver,
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field } = useController({ control: form.control, name: 'code' });
  const ready = field.value.trim() !== '';
  const send = form.handleSubmit((body) => onCode(body.code));
  return {
    code: field.value,
    setCode: field.onChange,
    error: form.formState.errors.code?.message ?? null,
    ready,
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      if (ready) void send();
    },
    refuse: (message: string | null) =>
      message === null ? form.clearErrors('code') : form.setError('code', { type: 'server', message }),
    clear: () => form.setValue('code', ''),
    reset: () => form.reset(),
  };
}
