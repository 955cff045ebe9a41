/**
 * The name others see: the custom display name, else the Telegram first and last name, else the
 * username. One rule for the server's views and the web app, so a person is named the same
 * everywhere.
 */
export function effectiveName(u: {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  if (u.displayName) return u.displayName;
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.username || 'Аноним';
}
