/**
 * Conditions of an order for its taker, orders hidden while their owner is away, and the
 * merchant figures of the cards and profiles (docs/decisions/028).
 */
export const adConditions = {
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
} as const;
