/**
 * The header the web sends at sign-in with the browser's IANA zone (docs/decisions/030). A module
 * of its own: the sign-in code of the first load takes the name without the zone formatter.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';
