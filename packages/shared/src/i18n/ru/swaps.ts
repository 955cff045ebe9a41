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
  'errors.swapPriceFar': 'Цена отличается от рыночной на {deviation}: подтвердите её',
  'errors.swapPriceUnchecked': 'Рыночная цена сейчас недоступна: подтвердите цену обмена',
  'errors.swapNotTrade': 'Этот ордер обменивается мгновенно: используйте «Обменять»',
  'errors.swapOfFiatOrder': 'Этот ордер оплачивается в фиате: откройте сделку',
  'security.codeToPublishSwap': 'Введите код двухфакторной аутентификации, чтобы опубликовать обмен',
  'security.codeToSwap': 'Введите код двухфакторной аутентификации, чтобы обменять',
  'swap.settlement': 'Расчёт',
  'swap.title': 'Обмен: {crypto} за {payIn}',
  'swap.instant': 'Обмен мгновенный: монеты обеих сторон переходят сразу, без оплаты, чата и спора.',
  'swap.receive': 'Получить, {crypto}',
  'swap.limits': 'Лимиты: {min} – {max}',
  'swap.give': 'Вы отдадите',
  'swap.fee': 'Комиссия платформы',
  'swap.get': 'Вы получите',
  'swap.confirmPrice': 'Подтверждаю цену',
  'swap.codeLabel': 'Код двухфакторной аутентификации для обмена',
  'swap.sending': 'Обмениваем…',
  'swap.done': 'Обмен выполнен: получено {amount}',
  'swap.amountInvalid': 'Укажите сумму, например 0,01',
  'swap.outOfLimits': 'Сумма вне лимитов ордера',
  'swap.moreThanLeft': 'В ордере осталось меньше',
  'swap.publishCodeLabel': 'Код двухфакторной аутентификации для публикации обмена',
  'swap.publishNote':
    'Оплата монетой — мгновенный обмен: способы оплаты и время на оплату не нужны, лимиты — в {payIn}.',
  'rt.swapCompleted': 'Ваш обмен исполнен: получено {amount}',
  // Taking a swap without two-factor: the refusal and the inline enrolment (docs/decisions/038)
  'security.enrolToSwap': 'Включите двухфакторную аутентификацию, чтобы обменивать монеты',
  'security.enrol.whySwap':
    'Обмен сразу списывает монеты с вашего баланса, поэтому он подтверждается кодом из приложения-аутентификатора: так украденный вход в аккаунт не позволит обменять ваши деньги.',
  // The inbox and the bot, to both parties of a swap
  'notify.swap_completed.title': 'Обмен выполнен',
  'notify.swap_completed.message.taker': 'Вы отдали {gave} {gaveCurrency} и получили {got} {gotCurrency}.',
  'notify.swap_completed.message.maker':
    'Ваше объявление обмена исполнено: отдано {gave} {gaveCurrency}, получено {got} {gotCurrency}.',
  'notify.swap_completed.message.makerClosed':
    'Ваше объявление обмена исполнено: отдано {gave} {gaveCurrency}, получено {got} {gotCurrency}. Остаток {rest} {gaveCurrency} меньше минимальной суммы обмена: он возвращён на ваш баланс, объявление закрыто.',
} as const;
