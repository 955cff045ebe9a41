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
  // The trade form (before an amount is typed)
  'limits.form.capHint':
    'Лимит нового аккаунта: до {max} за сделку. Он снимается после {trades, plural, one {# завершенной сделки} other {# завершенных сделок}}',
  'limits.form.title': 'Сейчас открыть сделку нельзя',
  'limits.form.cancellations':
    'Открытие сделок приостановлено до {until}: {max, plural, one {# отмена или просрочка} few {# отмены или просрочки} other {# отмен или просрочек}} оплаты за 24 часа.',
  'limits.form.lostDisputes':
    'Открытие сделок приостановлено: {max, plural, one {проигран # спор} few {проиграно # спора} other {проиграно # споров}}. Снять ограничение может служба поддержки.',
  'limits.form.full':
    'Открыто {current} из {max} сделок покупки — это предел. Завершите одну из них, чтобы открыть новую.',
  'limits.form.fullNew':
    'Новый аккаунт может держать не больше {max} открытых сделок покупки одновременно (сейчас {current}). Завершите одну из них, чтобы открыть новую.',
  'limits.form.capBelowMin':
    'Лимит нового аккаунта — {cap} за сделку, а минимальная сумма этого ордера — {min}. Выберите ордер с меньшей суммой.',
  // The back office
  'limits.bo.title': 'Лимиты сделок',
  'limits.bo.newAccount':
    'Новый аккаунт: {completed} из {needed} завершенных сделок. Сделка до {rub} ({usd})',
  'limits.bo.established': 'Не новый аккаунт: завершенных сделок — {completed}',
  'limits.bo.openTrades': 'Открытые сделки покупки: {current} из {max}',
  'limits.bo.cancellations': 'Отмены и просрочки за 24 часа: {current} из {max}',
  'limits.bo.lostDisputes': 'Проигранные споры (после последнего снятия): {current} из {max}',
  'limits.bo.suspendedCancellations': 'Сделки приостановлены за отмены: с {since} до {until}',
  'limits.bo.suspendedLostDisputes': 'Сделки приостановлены за проигранные споры с {since}, до снятия',
  'limits.bo.notSuspended': 'Сделки не приостановлены',
  'limits.bo.lift': 'Снять ограничения',
  'limits.bo.liftTitle': 'Снять ограничения на сделки',
  'limits.bo.liftText':
    'Пользователь снова сможет открывать сделки. Отмены и проигранные споры, учтенные до этого момента, будут прощены. Действие записывается в журнал.',
  'limits.bo.lifted': 'Ограничения сняты',
  'limits.bo.lifts': 'Снятия ограничений',
  'limits.bo.liftLine': '{date} · {who}: {reason}',
} as const;
