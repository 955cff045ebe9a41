/** Trading limits of new accounts, cancellations and lost disputes (docs/decisions/023). */
export const limits = {} as const;
