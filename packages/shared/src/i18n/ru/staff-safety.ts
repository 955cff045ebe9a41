/** Staff bounds: four eyes, withdrawal claims, password lockout (docs/decisions/023). */
export const staffSafety = {} as const;
