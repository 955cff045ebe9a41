/** Fraud signals for the seller and staff: the payer account, reused receipts (docs/decisions/023). */
export const fraud = {
  'fraud.payer.required': 'Укажите, с какого счета вы оплатили',
  'fraud.payer.bankRequired': 'Выберите банк, с которого вы оплатили',
  'fraud.payer.last4Format': 'Последние 4 цифры карты или телефона: ровно 4 цифры',
  'fraud.payer.nameRequired': 'Укажите имя плательщика, как его показывает банк',
  'fraud.payer.nameTooLong': 'Имя плательщика: не более 100 символов',
  'fraud.payer.title': 'Счет плательщика',
  'fraud.payer.ask': 'С какого счета вы оплатили? Продавец сверит его с выпиской банка.',
  'fraud.payer.bank': 'Банк',
  'fraud.payer.last4': 'Последние 4 цифры карты или телефона',
  'fraud.payer.name': 'Имя плательщика, как его показывает банк',
  'fraud.payer.namePlaceholder': 'Иван Петрович С.',
  'fraud.payer.summary': '{bank} ·· {last4}, {name}',
  'fraud.payer.check': 'Сверьте с выпиской: деньги должны прийти с этого счета.',
  'fraud.payer.fresh': 'С этого счета на платформе еще не платили',
  'fraud.payer.history':
    '{completed, plural, one {# завершенная сделка} few {# завершенные сделки} other {# завершенных сделок}} с этого счета, {sellers, plural, one {# продавец} few {# продавца} other {# продавцов}}; впервые {date}',
  'fraud.payer.thirdParty':
    'Этим счетом уже платили за {count, plural, one {другого покупателя} other {# других покупателей}}: возможна оплата третьим лицом. Не подтверждайте, пока не убедитесь, что платил сам покупатель.',
  'fraud.payer.nameMismatch': 'Имя плательщика не совпадает с именем покупателя ({buyer})',
  'fraud.payer.none': 'Покупатель еще не указал счет плательщика',
} as const;
