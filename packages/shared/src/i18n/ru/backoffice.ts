/**
 * The back office's server texts (issue 8, docs/decisions/016-back-office.md): refusals of
 * the staff console and the moderator's lines in a trade chat.
 */
export const backoffice = {
  'bo.noteRequired': 'Введите текст заметки',
  'bo.noteTooLong': 'Заметка не должна превышать 2000 символов',
  'bo.blockReasonRequired': 'Укажите причину (минимум 5 символов)',
  'bo.blockReasonTooLong': 'Причина не должна превышать 500 символов',
  'bo.evidenceRequired': 'Опишите, какие доказательства нужны',
  'bo.evidenceHours': 'Срок ответа: от 1 до 168 часов',
  'bo.evidenceParty': 'Выберите сторону: покупатель или продавец',
  'bo.badDate': 'Некорректная дата',
  'bo.staffPasswordShort': 'Пароль: минимум 8 символов',
  'bo.adminsOnly': 'Действие доступно только администратору',
  'bo.wdAdminsOnly': 'Решения по выводам принимают только администраторы',
  'bo.txHashFormat': 'Неверный формат TX Hash для сети {network}',
  'bo.txHashUsed': 'Этот TX Hash уже указан в другой заявке',
  'bo.caseOwnerOnly': 'Дело ведет другой модератор: сначала возьмите его',
  'bo.caseTaken': 'Дело уже взял другой модератор',
  'bo.caseNotDisputed': 'Сделка не находится в споре',
  'bo.userBlocked': 'Аккаунт заблокирован. Обратитесь в поддержку',
  'bo.alreadyBlocked': 'Пользователь уже заблокирован',
  'bo.notBlocked': 'Пользователь не заблокирован',
  'bo.staffNotFound': 'Сотрудник не найден',
  'bo.staffEmailTaken': 'Сотрудник с таким email уже есть',
  'bo.selfChange': 'Нельзя изменить собственную роль или отключить себя',
  'bo.twoFactorEnrol': 'Подключите двухфакторную аутентификацию, чтобы продолжить',
  'bo.twoFactorCode': 'Введите код из приложения-аутентификатора',
  'bo.moderator': 'Модератор',
  'bo.chatEvidenceRequest':
    'Модератор просит {party, select, buyer {покупателя} other {продавца}} предоставить доказательства до {deadline}: {text}',
  'bo.chatOutcome':
    'Решение по спору: {outcome, select, release {средства переданы покупателю} other {средства возвращены продавцу}}. {note}',
  // Shown to users too (trade page, chat): in the catalogue's first load (docs/decisions/015).
  'bo.case.moderator': 'Модератор',
  'bo.case.evidenceOverdue': 'срок истёк без ответа',
  'bo.trade.evidenceTitle': 'Модератор просит предоставить доказательства',
  'bo.trade.evidenceDeadline': 'Ответьте до {deadline}. Осталось:',
  'bo.trade.evidenceHow': 'Ответьте сообщением в чате сделки или загрузите чек.',
  'bo.trade.evidenceToast': 'Модератор запросил у вас доказательства по спору',
  'bo.trade.outcomeReleased': 'Спор решён модератором: криптовалюта передана покупателю',
  'bo.trade.outcomeRefunded': 'Спор решён модератором: криптовалюта возвращена продавцу',
} as const;
