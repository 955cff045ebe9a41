/** The app as a Telegram Mini App (docs/decisions/029). Loaded with it, inside Telegram only. */
export const telegram = {
  'telegram.signInFailed':
    'Не удалось войти через Telegram. Откройте приложение из Telegram еще раз или войдите на странице входа',
  'telegram.switch.title': 'Сменить аккаунт?',
  'telegram.switch.text': 'Вы вошли как {current}. Войти как {next}?',
  'telegram.switch.stay': 'Остаться: {current}',
  'telegram.switch.go': 'Войти как {next}',
} as const;
