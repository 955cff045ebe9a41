/** Realtime notifications, shown on any screen (the first load). */
export const realtime = {
  'rt.restored': 'Соединение с сервером восстановлено',
  'rt.lost': 'Потеряно соединение с сервером',
  'rt.tradeCreated': 'Новая сделка от пользователя {name}: {crypto} за {fiat}',
  'rt.newTradeTitle': 'Новая сделка!',
  'rt.tradeUpdated': 'Сделка #{id}: {status}',
  'rt.status.COMPLETED': 'Сделка завершена',
  'rt.status.CANCELLED': 'Сделка отменена',
  'rt.status.DISPUTED': 'Открыт спор',
  'rt.message': 'Сообщение в сделке #{id} от пользователя {name}',
  'rt.messageModerator': 'Сообщение модератора в сделке #{id}',
  'rt.templateAttached': 'Продавец предоставил данные для оплаты',
  'rt.proofUploaded': 'Покупатель загрузил чек оплаты',
  'rt.orderMatched': 'Ваш ордер найден! Новая сделка создана',
} as const;
