/** The Telegram bot's second-factor and ownership texts (docs/decisions/023). */
export const botSafety = {} as const;
