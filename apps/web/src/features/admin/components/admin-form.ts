import { issueValues, type MessageKey } from '@p2p/shared';
import { useMemo } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { currentLang } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';

/** Which catalogue key a refusal of a shared request schema is shown with. */
export interface ConsoleKeys {
  /** The console's own wording of a schema's key (its exported message constants). */
  messages?: Readonly<Partial<Record<MessageKey, MessageKey>>>;
  /** By field: the key of a value missing, too short or not one of the choices. */
  missing?: Readonly<Record<string, MessageKey>>;
}

const MISSING_CODES: ReadonlySet<string> = new Set(['invalid_type', 'invalid_value', 'too_small']);

/**
 * A shared request schema whose refusals speak through the console's catalogue keys where the
 * console words them its own way; any other refusal keeps the schema's key and its values.
 */
export function withKeys<Out>(schema: z.ZodType<Out>, keys: ConsoleKeys): z.ZodType<Out, unknown> {
  return z.unknown().transform((value, ctx) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const missing = MISSING_CODES.has(issue.code) ? keys.missing?.[field] : undefined;
      const message = keys.messages?.[issue.message as MessageKey] ?? missing ?? issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message, params: issueValues(issue) });
    }
    return z.NEVER;
  });
}

/**
 * A console form: react-hook-form over `schema`, checked when submitted and only then (a
 * complaint stays until the next submit, as these forms always behaved), with no jump of
 * focus to the field at fault.
 */
export function useConsoleForm<Values extends FieldValues, Out>(
  schema: z.ZodType<Out, unknown>,
  defaultValues: DefaultValues<Values>,
) {
  const resolver = useMemo(() => catalogueResolver<Values, Out>(schema, currentLang), [schema]);
  return useForm<Values, unknown, Out>({
    resolver,
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** Where a server refusal of a console form is kept (`form.setError(SERVER_ERROR, ...)`). */
export const SERVER_ERROR = 'root.server' as const;

/**
 * The one line a console form shows above its fields: the first field complaint in `order`,
 * else the server's refusal.
 */
export function formProblem(errors: FieldErrors, order: readonly string[]): string | null {
  for (const name of order) {
    const message = (errors[name] as FieldError | undefined)?.message;
    if (message) return message;
  }
  return errors.root?.server?.message ?? null;
}
