/** Staff bounds: four eyes, withdrawal claims, password lockout (docs/decisions/023). */
export const staffSafety = {
  'staffSafety.signInLocked':
    'Слишком много неверных паролей. Вход по паролю закрыт, попробуйте через {minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}',
  'staffSafety.casePending': 'Решение по этому спору уже ожидает одобрения второго администратора',
  'staffSafety.approvalNotFound': 'Предложение не найдено',
  'staffSafety.notOwnProposal': 'Свое предложение одобряет или отклоняет другой администратор',
  'staffSafety.cancelOwnOnly': 'Отозвать предложение может только его автор',
  'staffSafety.alreadyDecided': 'По этому предложению уже принято решение',
  'staffSafety.caseNoLongerDisputed': 'Сделка больше не находится в споре: предложение устарело',
  'staffSafety.proposerNoLonger':
    'Автор предложения больше не может принять это решение: дело перешло к другому или доступ изменился',
  'staffSafety.creditInvalid': 'Начисление больше не проходит проверку: отклоните предложение',
  'staffSafety.rejectNoteRequired': 'Укажите причину отказа (минимум 5 символов)',
  'staffSafety.rejectNoteTooLong': 'Причина не должна превышать 1000 символов',
} as const;
