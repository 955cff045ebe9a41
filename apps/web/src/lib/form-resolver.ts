import { issueValues, type Lang, localizeMessage } from '@p2p/shared';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Puts `error` at `path` (`details.bankName`) unless an earlier issue already did. */
function place(errors: Record<string, unknown>, path: PropertyKey[], error: FieldError): void {
  const keys = path.length ? path.map(String) : ['root'];
  let node = errors;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next && typeof next === 'object' && !('message' in next)) node = next as Record<string, unknown>;
    else if (next) return;
    else node = node[key] = {};
  }
  const last = keys[keys.length - 1] as string;
  node[last] ??= error;
}

/** Field errors of a failed parse, each message localized (first issue per field wins). */
export function issuesToErrors<T extends FieldValues>(issues: readonly z.core.$ZodIssue[], lang: Lang) {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const message = localizeMessage(lang, issue.message, issueValues(issue));
    place(errors, issue.path, { type: issue.code, message });
  }
  return errors as FieldErrors<T>;
}

/**
 * A react-hook-form resolver over a shared zod schema. A message that is a catalogue key (the
 * shared schemas speak only in keys) is translated into the UI language with the issue's
 * values (`{ minimum }`, an enum's options, custom `params`); zod's own words pass through
 * (docs/decisions/015-i18n-and-formatting.md).
 */
export function catalogueResolver<Values extends FieldValues, Output>(
  // The form's values as typed may be looser than the schema's input: the schema checks them.
  schema: z.ZodType<Output, unknown>,
  lang: () => Lang,
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: issuesToErrors<Values>(result.error.issues, lang()) };
  };
}
