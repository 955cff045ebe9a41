/**
 * Security events, «Это не я» and its cases in the back office (docs/decisions/033, "Security
 * events"): the inbox and the bot, the security settings and the console. Loaded later.
 */
const where =
  'Устройство: {device, select, none {неизвестно} other {{device}}}. Место: {place, select, local {локальная сеть} none {неизвестно} other {{place}}}.';

export const securityEvents = {
  'notify.security.two_factor_enabled.title': 'Двухфакторная аутентификация включена',
  'notify.security.two_factor_enabled.message': 'В аккаунте включена двухфакторная аутентификация.',
  'notify.security.two_factor_disabled.title': 'Двухфакторная аутентификация отключена',
  'notify.security.two_factor_disabled.message':
    'В аккаунте отключена двухфакторная аутентификация. Вывод и продажа недоступны, пока она не включена снова.',
  'notify.security.sign_in.title': 'Новый вход в аккаунт',
  'notify.security.sign_in.message': `Выполнен вход в аккаунт. ${where}`,
  'notify.security.api_key_created.title': 'Создан API-ключ',
  'notify.security.api_key_created.message': 'В аккаунте создан новый API-ключ.',
  'notify.security.recovery_codes_renewed.title': 'Выпущены новые резервные коды',
  'notify.security.recovery_codes_renewed.message':
    'Для аккаунта выпущены новые резервные коды двухфакторной аутентификации; прежние больше не действуют.',
  'notify.security.webhook_created.title': 'Добавлен вебхук',
  'notify.security.webhook_created.message': 'В аккаунте добавлен вебхук: он получает события ваших сделок.',
  'notify.security.address_saved.title': 'Сохранен адрес вывода',
  'notify.security.address_saved.message': 'В аккаунте сохранен новый адрес для вывода.',
  'notify.security.telegram_linked.title': 'Подключен Telegram',
  'notify.security.telegram_linked.message': 'К аккаунту подключен чат Telegram.',
  'notify.security.hold_started.title': 'Вывод временно приостановлен',
  'notify.security.hold_started.message':
    'После изменения настроек безопасности вывод, переводы, обмены и продажа приостановлены.',
  'notify.security.action':
    'Если это были не вы, нажмите «Это не я»: все сеансы завершатся, API-ключи и вебхуки будут отозваны.',
  'security.notMe': 'Это не я',
  'security.notMe.confirmTitle': 'Это были не вы?',
  'security.notMe.confirm':
    'Все сеансы завершатся, и этот тоже. Все API-ключи и вебхуки будут отозваны, а вывод и продажа заблокированы, пока служба поддержки не проверит аккаунт. Продолжить?',
  'security.notMe.done': 'Все сеансы завершены, ключи и вебхуки отозваны. Служба поддержки проверит аккаунт.',
  'security.notMe.notFound': 'Уведомление о событии безопасности не найдено',
  'bot.notMe': 'Это не я',
  'bot.notMe.confirm':
    'Это были не вы? Все сеансы завершатся, API-ключи и вебхуки будут отозваны, а вывод и продажа заблокированы до проверки службой поддержки.',
  'bot.notMe.done':
    'Готово: все сеансы завершены, API-ключи и вебхуки отозваны, вывод заблокирован. Служба поддержки проверит аккаунт.',
  'security.event.two_factor_enabled': 'Включена двухфакторная аутентификация',
  'security.event.two_factor_disabled': 'Отключена двухфакторная аутентификация',
  'security.event.sign_in': 'Новый вход',
  'security.event.api_key_created': 'Создан API-ключ',
  'security.event.recovery_codes_renewed': 'Выпущены новые резервные коды',
  'security.event.webhook_created': 'Добавлен вебхук',
  'security.event.address_saved': 'Сохранен адрес вывода',
  'security.event.telegram_linked': 'Подключен Telegram',
  'security.event.hold_started': 'Начато удержание',
  'bo.securityReports.nav': '«Это не я»',
  'bo.securityReports.title': 'Обращения «Это не я»',
  'bo.securityReports.hint':
    'Владелец сообщил, что событие безопасности совершил не он: его сеансы завершены, ключи и вебхуки отозваны, вывод удерживается, пока вы не снимете удержание.',
  'bo.securityReports.empty': 'Открытых обращений нет',
  'bo.securityReports.user': 'Пользователь',
  'bo.securityReports.event': 'Событие',
  'bo.securityReports.when': 'Когда',
  'bo.securityReports.clear': 'Снять удержание',
  'bo.securityReports.clearConfirm':
    'Снять удержание с аккаунта {name}? Вывод и продажа снова станут доступны.',
  'bo.securityReports.cleared': 'Удержание снято',
  'bo.securityReports.notFound': 'Обращение не найдено',
  'bo.securityReports.alreadyCleared': 'Удержание по этому обращению уже снято',
} as const;
