/**
 * Texts loaded after the first render (./later.ts, docs/decisions/015): why a trade cannot be
 * cancelled, how a finished trade's progress reads, and the bot's menu button.
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
  'bot.menuButton': 'Приложение',
} as const;
