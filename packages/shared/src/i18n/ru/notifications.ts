/**
 * Notifications (inbox, socket, Telegram bot), account settings and the bot's own texts.
 * Values: {trade} the trade's short number, {amount} {currency} crypto, {fiat} {fiatCurrency},
 * {name} the other party, {minutes} minutes left until the deadline, {status} a withdrawal status.
 */
const mins = '{minutes, plural, one {# минуты} few {# минут} many {# минут} other {# минуты}}';

export const notifications = {
  'notify.trade_opened.title': 'Новая сделка #{trade}',
  'notify.trade_opened.message':
    '{name} открыл(а) сделку по вашему ордеру: {amount} {currency} за {fiat} {fiatCurrency}.',
  'notify.trade_opened.action.seller': `Отправьте покупателю реквизиты; оплата ожидается в течение ${mins}.`,
  'notify.trade_opened.action.buyer': `Дождитесь реквизитов: продавец пришлёт их в течение ${mins}. Затем переведите {fiat} {fiatCurrency} и нажмите «Я оплатил».`,
  'notify.payment_details_sent.title': 'Реквизиты получены: сделка #{trade}',
  'notify.payment_details_sent.message': '{name} отправил(а) реквизиты для оплаты {fiat} {fiatCurrency}.',
  'notify.payment_details_sent.action': `Переведите оплату и нажмите «Я оплатил» в течение ${mins}.`,
  'notify.trade_paid.title': 'Покупатель оплатил: сделка #{trade}',
  'notify.trade_paid.message': '{name} отметил(а) оплату {fiat} {fiatCurrency}.',
  'notify.trade_paid.action': `Проверьте поступление и подтвердите получение в течение ${mins}.`,
  'notify.payment_confirmed.title': 'Оплата подтверждена: сделка #{trade}',
  'notify.payment_confirmed.message': '{name} подтвердил(а) получение оплаты.',
  'notify.payment_confirmed.action': `Криптовалюта будет отправлена вам не позднее чем через ${mins}.`,
  'notify.trade_released.title': 'Сделка #{trade} завершена',
  'notify.trade_released.message.buyer': 'Вы получили {net} {currency}.',
  'notify.trade_released.message.seller': 'Криптовалюта {amount} {currency} отправлена покупателю.',
  'notify.trade_released.action': 'Оставьте отзыв о партнёре.',
  'notify.trade_cancelled.title': 'Сделка #{trade} отменена',
  'notify.trade_cancelled.message': '{name} отменил(а) сделку на {amount} {currency}.',
  'notify.trade_cancelled.message.moderator': 'Модератор вернул {amount} {currency} продавцу.',
  'notify.trade_expired.title': 'Время на оплату истекло: сделка #{trade}',
  'notify.trade_expired.message': 'Сделка на {amount} {currency} отменена: оплата не была отмечена вовремя.',
  'notify.trade_disputed.title': 'Открыт спор: сделка #{trade}',
  'notify.trade_disputed.message': '{name} открыл(а) спор по сделке на {amount} {currency}.',
  'notify.trade_disputed.action':
    'Опишите ситуацию в чате сделки и приложите доказательства: модератор рассмотрит спор.',
  'notify.dispute_resolved.title': 'Спор решён: сделка #{trade}',
  'notify.dispute_resolved.message.release':
    'Модератор завершил спор: {amount} {currency} переданы покупателю.',
  'notify.dispute_resolved.message.refund':
    'Модератор завершил спор: {amount} {currency} возвращены продавцу.',
  'notify.moderator_message.title': 'Сообщение модератора: сделка #{trade}',
  'notify.moderator_message.message': '{text}',
  'notify.moderator_message.action': 'Ответьте в чате сделки.',
  'notify.chat_message.title': 'Сообщение в сделке #{trade}',
  'notify.chat_message.message': '{name}: {text}',
  'notify.chat_message.action': 'Ответьте в чате сделки.',
  'notify.deposit_credited.title': 'Пополнение зачислено',
  'notify.deposit_credited.message': 'На ваш баланс зачислено {amount} {currency}.',
  'notify.withdrawal_status.title':
    'Вывод {amount} {currency}: {status, select, APPROVED {одобрена} PROCESSING {в обработке} COMPLETED {выполнена} REJECTED {отклонена} FAILED {не выполнена} CANCELLED {отменена} other {ожидает проверки}}',
  'notify.withdrawal_status.message':
    'Статус заявки на вывод изменился: {status, select, APPROVED {одобрена} PROCESSING {в обработке} COMPLETED {выполнена} REJECTED {отклонена} FAILED {не выполнена} CANCELLED {отменена} other {ожидает проверки}}.',
  'notify.withdrawal_status.message.in': 'Вам поступил внутренний перевод {amount} {currency}.',
  'notify.notFound': 'Уведомление не найдено',
  'notify.deadline': 'Срок: до {time}',
  'notify.chatAutoReply': 'Автоответ продавца: {text}',
  'bot.welcome':
    'Здравствуйте! Чтобы получать уведомления о сделках, подключите бота из настроек профиля на сайте.',
  'bot.connected': 'Бот подключён к аккаунту {name}. Сюда будут приходить уведомления о сделках.',
  'bot.tokenInvalid':
    'Ссылка для подключения недействительна или устарела. Получите новую в настройках профиля.',
  'bot.chatTaken': 'Этот чат уже подключён к другому аккаунту.',
  'bot.open': 'Открыть сделку',
  'bot.openApp': 'Открыть в приложении',
  'bot.openPlace': 'Открыть',
  'bot.markPaid': 'Я оплатил',
  'bot.confirmReceipt': 'Подтвердить получение',
  'bot.confirm.markPaid': 'Подтвердите: вы перевели {fiat} {fiatCurrency} по сделке #{trade}?',
  'bot.confirm.confirmReceipt':
    'Подтвердите: оплата {fiat} {fiatCurrency} по сделке #{trade} поступила на ваш счёт? Отменить это будет нельзя.',
  'bot.yes': 'Да, подтверждаю',
  'bot.no': 'Нет',
  'bot.done.markPaid': 'Оплата отмечена. Продавец проверит поступление.',
  'bot.done.confirmReceipt': 'Получение оплаты подтверждено. Отправьте криптовалюту на сайте.',
  'bot.declined': 'Действие отменено.',
  'bot.unavailable': 'Действие недоступно.',
  'bot.releaseInWeb': 'Отправка криптовалюты выполняется только на сайте, после проверки поступления.',
} as const;
