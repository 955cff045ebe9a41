/**
 * Reminders before deadlines (docs/decisions/030): what to do and by when. {time} is the
 * deadline in the reader's zone with its zone named («14:26 МСК»); {trade} the trade's short
 * number; {text} the moderator's request. Loaded later by the browser: the inbox falls back to
 * the server's rendering until then.
 */
export const reminders = {
  'remind.payment_due.title': 'Сделка #{trade}: срок оплаты скоро истечёт',
  'remind.payment_due.message':
    'Переведите {fiat} {fiatCurrency} продавцу и нажмите «Я оплатил» до {time}: после этого сделка будет отменена автоматически.',
  'remind.payment_due.action': 'Откройте сделку: там реквизиты продавца и кнопка «Я оплатил».',
  'remind.auto_release.title': 'Сделка #{trade}: скоро автоматическая отправка криптовалюты',
  'remind.auto_release.message':
    'Вы подтвердили получение оплаты: в {time} {amount} {currency} будут автоматически отправлены покупателю.',
  'remind.auto_release.action':
    'Если оплата на самом деле не поступила, откройте спор до {time}. Если всё в порядке, отпустите криптовалюту сейчас.',
  'remind.evidence_due.title': 'Сделка #{trade}: модератор ждёт доказательства',
  'remind.evidence_due.message': 'Модератор просит: {text}',
  'remind.evidence_due.action': 'Ответьте в чате сделки или приложите чек до {time}.',
  'remind.dispute_sla.title': 'Спор по сделке #{trade} ждёт ответа',
  'remind.dispute_sla.message':
    'Прошла половина срока рассмотрения, а модератор ещё не написал сторонам. Срок рассмотрения — до {time}.',
  'remind.dispute_sla.action': 'Ответьте в чате сделки или запросите доказательства.',
  'remind.desk.title': 'Напоминания',
  'remind.desk.empty': 'Нет споров, ждущих ответа',
  'timeZone.label': 'Часовой пояс',
  'timeZone.hint':
    'В этом поясе бот пишет время в уведомлениях. Сайт показывает время в поясе вашего устройства.',
  'timeZone.detected': '{zone} — как на этом устройстве',
  'timeZone.saved': 'Часовой пояс сохранён',
  'timeZone.city.Europe/Kaliningrad': 'Калининград',
  'timeZone.city.Europe/Moscow': 'Москва',
  'timeZone.city.Europe/Samara': 'Самара',
  'timeZone.city.Asia/Yekaterinburg': 'Екатеринбург',
  'timeZone.city.Asia/Omsk': 'Омск',
  'timeZone.city.Asia/Novosibirsk': 'Новосибирск',
  'timeZone.city.Asia/Krasnoyarsk': 'Красноярск',
  'timeZone.city.Asia/Irkutsk': 'Иркутск',
  'timeZone.city.Asia/Yakutsk': 'Якутск',
  'timeZone.city.Asia/Vladivostok': 'Владивосток',
  'timeZone.city.Asia/Magadan': 'Магадан',
  'timeZone.city.Asia/Kamchatka': 'Петропавловск-Камчатский',
  'timeZone.city.Europe/Minsk': 'Минск',
  'timeZone.city.Europe/Kyiv': 'Киев',
  'timeZone.city.Asia/Almaty': 'Алматы',
  'timeZone.city.Asia/Tashkent': 'Ташкент',
  'timeZone.city.Asia/Tbilisi': 'Тбилиси',
  'timeZone.city.Asia/Yerevan': 'Ереван',
  'timeZone.city.Asia/Dubai': 'Дубай',
  'timeZone.city.Europe/Istanbul': 'Стамбул',
  'timeZone.city.Europe/Berlin': 'Берлин',
  'timeZone.city.Europe/London': 'Лондон',
  'timeZone.city.America/New_York': 'Нью-Йорк',
  'timeZone.city.Asia/Bangkok': 'Бангкок',
  'timeZone.city.UTC': 'Всемирное время',
} as const;
