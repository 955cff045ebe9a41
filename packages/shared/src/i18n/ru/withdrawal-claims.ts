/** Withdrawals claimed by an operator before they are sent (docs/decisions/023). */
export const withdrawalClaims = {
  // Refusals of the server
  'wdc.beingSent': 'Заявка уже отправляется и не может быть отменена',
  'wdc.alreadyClaimed': 'Заявку уже отправляет {claimer}',
  'wdc.failClaimerOnly': 'Отметить неудачу может только тот, кто отправляет заявку: {claimer}',
  // The back office's queue
  'wdc.action.processing': 'Отправить',
  'wdc.action.complete': 'Завершить',
  'wdc.action.fail': 'Не удалось',
  'wdc.done.processing': 'Заявка за вами: отправьте монеты',
  'wdc.claimedBy': 'Взята в отправку',
  'wdc.claimedByLine': '{name}, {time}',
  'wdc.you': '{name} (вы)',
  'wdc.addressHidden': 'Полный адрес откроется после «Отправить»',
  'wdc.sending': 'Данные для отправки',
  'wdc.address': 'Адрес получателя',
  'wdc.amount': 'Сумма к отправке',
  'wdc.addressLabel': 'адрес получателя',
  'wdc.amountLabel': 'сумма к отправке',
  'wdc.send.title': 'Отправка вывода',
  'wdc.send.intro':
    'Заявка за вами: пользователь больше не может ее отменить. Отправьте ровно эту сумму на этот адрес в сети {network}, затем укажите TX Hash транзакции.',
  'wdc.send.later': 'Укажу позже',
  'wdc.fail.title': 'Отправка не удалась?',
  'wdc.fail.text':
    '{amount} вернутся на доступный баланс пользователя. Отмечайте, только если монеты точно не ушли. Выше порога «четырех глаз» возврат сначала одобряет второй администратор.',
  'wdc.fail.note': 'Что проверено в блокчейне (адрес, хеш, мемпул)',
  // The user's history
  'wdc.user.beingSent': 'Заявка отправляется: отменить ее уже нельзя',
} as const;
