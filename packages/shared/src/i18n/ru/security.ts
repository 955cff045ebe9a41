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
  'security.sessions.confirm': 'Завершить все сеансы? Придется войти заново на каждом устройстве.',
} as const;
