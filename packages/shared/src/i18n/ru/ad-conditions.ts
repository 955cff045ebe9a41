/**
 * Conditions of an order for its taker, orders hidden while their owner is away, and the
 * merchant figures of the cards and profiles (docs/decisions/028).
 */
export const adConditions = {
  // Refusals (400 RULE_VIOLATION) and the card's reason: one text for both
  'conditions.minTrades':
    'Для этого ордера нужно не менее {min, plural, one {# завершённой сделки} few {# завершённых сделок} many {# завершённых сделок} other {# завершённой сделки}}: у вас {has}',
  'conditions.minAgeDays':
    'Для этого ордера нужен аккаунт старше {min, plural, one {# дня} few {# дней} many {# дней} other {# дня}}: вашему {has, plural, one {# день} few {# дня} many {# дней} other {# дня}}',
  'conditions.notEligible': 'Вы не подходите под условия',
  // The card's summary of an order's conditions
  'conditions.label': 'Условия',
  'conditions.chipTrades': 'от {min, plural, one {# сделки} few {# сделок} many {# сделок} other {# сделки}}',
  'conditions.chipAge': 'аккаунт от {min, plural, one {# дня} few {# дней} many {# дней} other {# дня}}',
  'conditions.chipRating': 'рейтинг от {min}',
  // The create-order form
  'conditions.section': 'Условия для контрагента',
  'conditions.sectionHint': 'Необязательно. Сделку не откроет тот, кто им не соответствует.',
  'conditions.minTradesField': 'Минимум завершённых сделок',
  'conditions.minAgeField': 'Возраст аккаунта, не менее (дней)',
  'conditions.ratingHint': 'Минимальный рейтинг партнёра задаётся в настройках торговли: сейчас {min}',
  'conditions.ratingNone': 'Минимальный рейтинг партнёра задаётся в настройках торговли: сейчас не задан',
  'conditions.ratingLink': 'Изменить',
  'validation.order.minTakerTrades': 'Минимум сделок: целое число от 0 до 10 000',
  'validation.order.minTakerAgeDays': 'Возраст аккаунта: целое число дней от 0 до 3650',
  // Settings: orders leave the book while their owner is away
  'prefs.trading.hideAway': 'Скрывать мои ордера, если меня нет',
  'prefs.trading.hideAwayHint':
    'Ордера пропадут из стакана, если вы не заходили указанное время, и вернутся сами, когда вы снова в сети.',
  'prefs.trading.hideAwayMinutes': 'Через сколько минут (от {min} до {max})',
  'validation.settings.hideAway': 'Время отсутствия: целое число минут от 5 до 1440',
  // Merchant figures (cards and public profile)
  'merchant.trades30d': 'Сделок за 30 дней',
  'merchant.completion': 'Завершено',
  'merchant.avgRelease': 'Ср. время отпуска',
  'merchant.avgPayment': 'Ср. время оплаты',
} as const;
