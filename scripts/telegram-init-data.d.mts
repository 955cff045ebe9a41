/** scripts/telegram-init-data.mjs: launch data signed as Telegram signs it. */
export function signInitData(botToken: string, fields: Record<string, string>): string;
