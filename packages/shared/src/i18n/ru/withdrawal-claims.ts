/** Withdrawals claimed by an operator before they are sent (docs/decisions/023). */
export const withdrawalClaims = {} as const;
