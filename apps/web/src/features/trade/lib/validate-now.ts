import type { FieldError, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { currentLang } from '@/i18n';
import { issuesToErrors } from '@/lib/form-resolver';

/** Every error of a nested error tree with its dotted path (`payer.last4`). */
function leaves(tree: Record<string, unknown>, prefix = ''): [string, FieldError][] {
  return Object.entries(tree).flatMap(([key, node]): [string, FieldError][] => {
    if (!node || typeof node !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in node) return [[path, node as FieldError]];
    return leaves(node as Record<string, unknown>, path);
  });
}

/**
 * Checks a form's values against its shared schema within the submit event itself, and puts the
 * refusals on the form exactly as `catalogueResolver` words them. For a dialog that answers in the
 * same click (its confirmation is the caller's, not a request of its own): `handleSubmit` would
 * answer a tick later. Returns the parsed values, or null when a field was refused.
 */
export function validateNow<V extends FieldValues, Out>(
  form: UseFormReturn<V>,
  schema: z.ZodType<Out, unknown>,
): Out | null {
  const result = schema.safeParse(form.getValues());
  if (result.success) return result.data;
  const errors = issuesToErrors<V>(result.error.issues, currentLang()) as Record<string, unknown>;
  for (const [path, error] of leaves(errors)) {
    form.setError(path as FieldPath<V>, { type: error.type, message: error.message });
  }
  return null;
}
