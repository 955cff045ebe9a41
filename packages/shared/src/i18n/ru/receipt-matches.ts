/** Receipts matched across trades by SHA-256 and perceptual hash (docs/decisions/023). */
export const receiptMatches = {
  'receiptMatch.title': 'Этот чек совпадает с чеком из другой сделки',
  'receiptMatch.titleOf': 'Чек от {time} совпадает с чеком из другой сделки',
  'receiptMatch.exact': 'Сделка #{trade}: тот же файл, загружен {date}',
  'receiptMatch.similar': 'Сделка #{trade}: похожее изображение, загружено {date}',
  'receiptMatch.badge': 'Совпадает с другой сделкой',
  'receiptMatch.sellerHint':
    'Покупатель мог прислать чек чужой или прошлой оплаты. Подтверждайте получение, только когда деньги пришли на ваш счёт.',
  'receiptMatch.staffHint':
    'Чек мог быть взят из другой сделки: сравните сумму, дату и получателя с выпиской.',
} as const;
