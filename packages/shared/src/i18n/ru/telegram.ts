/** The app as a Telegram Mini App (docs/decisions/029). Loaded with it, inside Telegram only. */
export const telegram = {
  'telegram.signInFailed':
    'Не удалось войти через Telegram. Откройте приложение из Telegram еще раз или войдите на странице входа',
} as const;
