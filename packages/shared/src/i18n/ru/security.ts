/** Second factor on money out, the step-up window, sessions (docs/decisions/023). */
export const security = {
  'security.enrolToSell': 'Включите двухфакторную аутентификацию, чтобы продавать и выводить средства',
  'security.codeToConfirm': 'Введите код двухфакторной аутентификации, чтобы подтвердить получение оплаты',
  'security.codeToLink': 'Введите код двухфакторной аутентификации, чтобы подключить Telegram',
  'security.codeToSaveAddress': 'Введите код двухфакторной аутентификации, чтобы сохранить адрес вывода',
  'security.codeToStepUp': 'Введите код из приложения-аутентификатора',
  'security.codeInvalid': 'Неверный код двухфакторной аутентификации',
  'security.codeUsed': 'Этот код уже использован. Дождитесь следующего кода в приложении-аутентификаторе.',
  'security.alreadyEnabled': 'Двухфакторная аутентификация уже включена',
  'security.notEnabled': 'Двухфакторная аутентификация не включена',
  'security.setupFirst': 'Сначала начните подключение: получите секрет и отсканируйте QR-код',
  'security.tooManyCodes': 'Слишком много неверных кодов. Попробуйте через {minutes} мин.',
  'security.sessionsEnded':
    '{count, plural, one {Завершен # сеанс} few {Завершено # сеанса} other {Завершено # сеансов}}',
  // The web app
  'security.enrol.title': 'Нужна двухфакторная аутентификация',
  'security.enrol.why':
    'Продавать и выводить средства можно только с кодом из приложения-аутентификатора: так украденный вход в аккаунт не позволит увести ваши деньги.',
  'security.enrol.done': 'Двухфакторная аутентификация включена. Продолжаем.',
  'security.enrol.continue': 'Продолжить',
  'security.code.label': 'Код подтверждения',
  'security.code.hint': '6 цифр из приложения-аутентификатора или резервный код',
  'security.code.placeholder': '123 456',
  'security.window.open': 'Подтверждения без кода до {time}',
  'security.window.explain':
    'Один код открывает окно на {minutes} мин. в этом сеансе: в нем подтверждения оплаты не требуют нового кода. Выводы всегда требуют свой код.',
  'security.window.closed': 'Для подтверждения нужен код из приложения-аутентификатора',
  'security.devCode': 'Демо-режим: текущий код {code}',
  'security.sessions.title': 'Сеансы',
  'security.sessions.hint': 'Выйти на всех устройствах, где открыт ваш аккаунт, включая это.',
  'security.sessions.endAll': 'Завершить все сеансы',
  'security.sessions.confirm':
    'Завершить все сеансы? Придется войти заново на каждом устройстве. Все API-ключи и вебхуки аккаунта тоже будут отозваны.',
  // Re-authentication and the security hold (docs/decisions/033)
  'security.reauthRequired': 'Подтвердите, что это вы: войдите через Telegram еще раз',
  'security.reauthWrongAccount':
    'Это вход другого аккаунта Telegram. Подтвердите вход тем Telegram, к которому привязан этот аккаунт',
  'security.reauthTelegramOnly': 'Этот аккаунт подтверждается только входом через Telegram',
  'security.codeToAddWebhook': 'Введите код двухфакторной аутентификации, чтобы добавить вебхук',
  'security.hold':
    'Вывод, переводы, обмен и продажа недоступны до {until}: недавно изменились настройки безопасности аккаунта',
  'security.holdUntilCleared':
    'Вывод, переводы, обмен и продажа недоступны, пока поддержка не проверит аккаунт: вы сообщили, что изменение сделали не вы',
  'security.reauth.title': 'Подтвердите, что это вы',
  'security.reauth.why':
    'Изменение настроек безопасности требует нового входа через Telegram. Войдите тем же аккаунтом Telegram — действие продолжится само.',
  'security.reauth.dev': 'Подтвердить (демо-вход)',
  'security.reauth.telegram': 'Войти через Telegram',
  'security.reauth.cancel': 'Отмена',
  'security.reauth.failed': 'Не удалось подтвердить вход. Попробуйте еще раз.',
  'security.hold.banner':
    'Вывод, переводы, обмен и продажа недоступны до {until}: недавно изменились настройки безопасности. Покупать, пополнять и общаться в чате можно.',
  'security.hold.bannerCleared':
    'Вывод, переводы, обмен и продажа недоступны, пока поддержка не проверит аккаунт. Покупать, пополнять и общаться в чате можно.',
} as const;
