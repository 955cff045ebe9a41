/** Instant swaps: an order paid in a coin, settled at once (docs/decisions/026-instant-swaps.md). */
export const swaps = {
  'validation.swap.sellOnly':
    'Обмен публикуется только как продажа: чтобы купить {crypto} за {payIn}, опубликуйте продажу {payIn} за {crypto}',
  'validation.swap.sameCoin': 'Монета оплаты должна отличаться от продаваемой',
  'validation.swap.minTotal': 'Минимальная сумма обмена: {amount} {currency}',
  'validation.swap.minLimit':
    'Минимальный лимит должен быть не менее {amount} {currency} и не больше общей суммы',
  'validation.swap.oneAmount': 'Укажите одну сумму: сколько получить или сколько отдать',
  'validation.swap.amount': 'Сумма передается строкой, например "0.5"',
  'errors.marketPriceUnavailable': 'Цена рынка недоступна',
  'errors.swapPriceFar': 'Цена отличается от рыночной на {deviation}: подтвердите её',
  'errors.swapPriceUnchecked': 'Рыночная цена сейчас недоступна: подтвердите цену обмена',
  'errors.swapNotTrade': 'Этот ордер обменивается мгновенно: используйте «Обменять»',
  'errors.swapOfFiatOrder': 'Этот ордер оплачивается в фиате: откройте сделку',
  'security.codeToPublishSwap': 'Введите код двухфакторной аутентификации, чтобы опубликовать обмен',
  'security.codeToSwap': 'Введите код двухфакторной аутентификации, чтобы обменять',
} as const;
