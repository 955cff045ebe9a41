/**
 * Signs of the history's changes: '+0.5' / '-0.5' for a decimal string, null for zero
 * (a row shows only the buckets it moved).
 */
export function signedChange(text: string): { sign: '+' | '-'; abs: string } | null {
  const negative = text.startsWith('-');
  const abs = negative ? text.slice(1) : text.replace(/^\+/, '');
  if (!/[1-9]/.test(abs)) return null;
  return { sign: negative ? '-' : '+', abs };
}

/** A short id for references: the first 8 characters of a uuid. */
export const shortRef = (id: string): string => id.slice(0, 8);
