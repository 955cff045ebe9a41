/** The Telegram bot's second-factor and ownership texts (docs/decisions/023). */
export const botSafety = {
  // The bot
  'botSafety.notOwner':
    'Этот Telegram не совпадает с аккаунтом. Подключить бота можно только из того Telegram, через который вы входите на сайт.',
  'botSafety.chatReplaced':
    'Бот отключен от вашего аккаунта: к нему подключили другой чат. Если это сделали не вы, завершите все сеансы в настройках безопасности на сайте.',
  'botSafety.blocked': 'Аккаунт заблокирован: действия в боте недоступны. Обратитесь в поддержку',
  'botSafety.codePrompt':
    'Чтобы подтвердить получение оплаты по сделке #{trade}, ответьте на это сообщение кодом из приложения-аутентификатора (6 цифр) или резервным кодом. Запрос действует до {time}.',
  'botSafety.codePlaceholder': 'Код подтверждения',
  'botSafety.codeExpired': 'Запрос кода устарел. Нажмите «Подтвердить получение» еще раз.',
  'botSafety.codeRetry': 'Отправьте код еще раз ответом на запрос.',
  'botSafety.markPaidOnSite':
    'Оплату отмечают на странице сделки: там нужно указать счет, с которого вы платили.',
  // Sign-in
  'botSafety.signInReplayed':
    'Эти данные входа через Telegram уже использованы. Войдите через Telegram заново',
  // The web app
  'botSafety.link.codeHint':
    'Ссылка для подключения бота выдается только с кодом двухфакторной аутентификации.',
  'botSafety.link.getLink': 'Получить ссылку',
} as const;
