/** Fraud signals for the seller and staff: the payer account, reused receipts (docs/decisions/023). */
export const fraud = {} as const;
