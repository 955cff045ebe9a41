/**
 * The header a security change carries its re-authentication in (docs/decisions/033). A module
 * of its own, like ./time-zone-header.ts: the web's API client sends it from the first load,
 * without the schemas (and zod) of the sign-in.
 */
export const REAUTH_HEADER = 'x-reauth-token';
