/** Trading limits of new accounts, cancellations and lost disputes (docs/decisions/023). */
export const limits = {
  // Refusals (403 LIMIT_REACHED)
  'limits.cancellations':
    'Открытие сделок приостановлено до {until}: {max, plural, one {# отмена или просрочка} few {# отмены или просрочки} other {# отмен или просрочек}} оплаты за 24 часа',
  'limits.lostDisputes':
    'Открытие сделок приостановлено: {max, plural, one {проигран # спор} few {проиграно # спора} other {проиграно # споров}}. Снять ограничение может служба поддержки',
  'limits.openTrades':
    'Достигнут лимит открытых сделок покупки: {current} из {max}. Завершите одну из них, чтобы открыть новую',
  'limits.openTradesNew':
    'Лимит нового аккаунта: не больше {max} открытых сделок покупки одновременно (сейчас {current}). После {trades, plural, one {# завершенной сделки} other {# завершенных сделок}} лимит вырастет до {regular}',
  'limits.amountNew':
    'Лимит нового аккаунта: сделка не больше {max}. Он снимается после {trades, plural, one {# завершенной сделки} other {# завершенных сделок}}',
  'limits.owner.suspended':
    'Покупатель по этому ордеру сейчас не может открывать сделки. Выберите другой ордер',
  'limits.owner.openTrades':
    'У покупателя по этому ордеру открыто предельное число сделок ({max}). Попробуйте позже или выберите другой ордер',
  'limits.owner.amountNew': 'Покупатель по этому ордеру — новый аккаунт: сделка с ним не больше {max}',
  'limits.nothingToLift': 'У пользователя нет ограничений, которые можно снять',
} as const;
