import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';

/**
 * The one schema for text a client sends (docs/decisions/013-input-hardening.md). Every
 * free-text field and text query parameter of the wire contract is built with `text()`:
 * trimmed, bounded, and free of characters no store can hold or no screen should show.
 */

/** The text schema's own refusal; fields with their own wording pass `badCharacters`. */
export const TEXT_BAD_CHARACTERS: MessageKey = 'errors.inputCharacters';

/**
 * Characters a text may contain, as whole Unicode general categories: letters, marks, digits,
 * punctuation, symbols, spaces, format characters (emoji joiners), private use and unassigned.
 * Left out: control characters (Cc: NUL, which PostgreSQL text cannot hold, escape sequences,
 * C1 controls) and surrogates (Cs). In `u` mode a surrogate pair is one code point of another
 * category, so only a lone half, which jsonb and UTF-8 refuse, is a Cs character.
 * Written as one character class so the check is linear on any length.
 */
const ANY_TEXT = String.raw`\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}\p{Co}\p{Cn}`;
/** One line: spaces only (no line or paragraph separators, no tabs). */
export const SINGLE_LINE_TEXT = new RegExp(String.raw`^[${ANY_TEXT}\p{Zs}]*$`, 'u');
/** Several lines: also newlines, carriage returns, tabs and line separators. */
export const MULTI_LINE_TEXT = new RegExp(String.raw`^[${ANY_TEXT}\p{Z}\t\n\r]*$`, 'u');

export interface TextRules {
  /** Longest accepted value (after trimming). Every text field is bounded. */
  max: number;
  /** Shortest accepted value (after trimming); 0 unless set. */
  min?: number;
  /** Newlines and tabs allowed (chat, descriptions, dispute details, notes). */
  multiline?: boolean;
  /** Trimmed unless false: passwords, tokens and signed data are kept exactly as sent. */
  trim?: boolean;
  /**
   * The field's own wording, as catalogue keys (a message may use `{min}` / `{max}`).
   * `required` also answers a missing or non-string value.
   */
  messages?: {
    required?: MessageKey;
    tooShort?: MessageKey;
    tooLong?: MessageKey;
    badCharacters?: MessageKey;
  };
}

/** A text field: string -> (trim) -> allowed characters -> min -> max, in that order. */
export function text(rules: TextRules) {
  const m = rules.messages ?? {};
  let schema = m.required ? z.string({ error: m.required }) : z.string();
  if (rules.trim !== false) schema = schema.trim();
  schema = schema.regex(rules.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, {
    error: m.badCharacters ?? TEXT_BAD_CHARACTERS,
  });
  if (rules.min) {
    schema = schema.min(rules.min, { error: m.tooShort ?? m.required ?? 'validation.text.tooShort' });
  }
  return schema.max(rules.max, { error: m.tooLong ?? 'validation.text.tooLong' });
}

/**
 * Characters that make a database write fail rather than a rule refuse it: NUL (PostgreSQL
 * text) and lone surrogates (jsonb, UTF-8). The server refuses them anywhere in a request
 * before any route sees it, so a field someone forgot to type with `text()` cannot 500.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function hasUnstorableCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}
