/**
 * Texts loaded after the first render (./later.ts, docs/decisions/015): why a trade cannot be
 * cancelled, how a finished trade's progress reads, the API's phases of a trade, and the bot's
 * menu button.
 */
export const tradeNotes = {
  'trade.progress.skipped': 'Пропущен',
  'trade.progress.cancelled': 'Сделка отменена',
  'trade.cancelBlocked.CREATED': 'Сделка создаётся, подождите',
  'trade.cancelBlocked.PAYMENT_RELEASED': 'Отменить нельзя: покупатель уже отправил оплату',
  'trade.cancelBlocked.COMPLETED': 'Сделка уже завершена',
  'trade.cancelBlocked.CANCELLED': 'Сделка уже отменена',
  'trade.cancelBlocked.DISPUTED': 'По сделке открыт спор: обратитесь в поддержку',
  'trade.cancelBlocked.other': 'Отмена недоступна в этом статусе сделки',
  // The API's five phases of a trade (its `steps`; packages/shared/src/trade-steps.ts).
  'trade.phase.initiation': 'Сделка создана',
  'trade.phase.initiation.text': 'Криптовалюта продавца заблокирована в эскроу',
  'trade.phase.payment': 'Оплата',
  'trade.phase.payment.text': 'Покупатель переводит деньги продавцу',
  'trade.phase.confirmation': 'Подтверждение',
  'trade.phase.confirmation.text': 'Продавец подтверждает получение оплаты',
  'trade.phase.release': 'Выпуск',
  'trade.phase.release.text': 'Продавец отправляет криптовалюту покупателю',
  'trade.phase.completion': 'Завершение',
  'trade.phase.completion.text': 'Сделка завершена',
  'bot.menuButton': 'Приложение',
} as const;
