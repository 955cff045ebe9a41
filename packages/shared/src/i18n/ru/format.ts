/** Units, counts and durations used by the formatting module, with their plural forms. */
export const format = {
  'format.count.trades': '{count, plural, one {# сделка} few {# сделки} many {# сделок} other {# сделки}}',
  'format.count.completedTrades':
    '{count, plural, one {# завершённая} few {# завершённые} many {# завершённых} other {# завершённой}}',
  'format.count.orders': '{count, plural, one {# ордер} few {# ордера} many {# ордеров} other {# ордера}}',
  'format.count.reviews': '{count, plural, one {# отзыв} few {# отзыва} many {# отзывов} other {# отзыва}}',
  'format.count.messages':
    '{count, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}}',
  'format.count.files': '{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}',
  'format.minutesShort': '{count} мин',
  'format.range': '{min} – {max}',
} as const;
