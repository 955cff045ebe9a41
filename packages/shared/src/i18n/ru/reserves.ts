/** Proof of reserves (docs/decisions/039): the wallet's check, the public page, the errors. */
export const reserves = {
  'reserves.title': 'Доказательство резервов',
  'reserves.intro':
    'Мы публикуем корень дерева Меркла с суммами того, что должны каждому пользователю. Ваш браузер проверяет, что ваш баланс входит в опубликованную сумму, без доверия к нам.',
  'reserves.snapshotAt': 'Снимок от {time}',
  'reserves.counted': 'Учтённые балансы',
  'reserves.verifying': 'Проверяем путь до корня на вашем устройстве…',
  'reserves.verified': 'Ваш баланс учтён ✓',
  'reserves.failed': 'Проверка не прошла: {reason}',
  'reserves.failedReason.path': 'путь не ведёт к опубликованному корню',
  'reserves.failedReason.commitment': 'запись не принадлежит вашему счёту',
  'reserves.failedReason.account': 'доказательство выписано на другой счёт',
  'reserves.failedReason.malformed': 'файл доказательства повреждён',
  'reserves.failedReason.root': 'опубликованный корень снимка другой',
  'reserves.root': 'Корень',
  'reserves.download': 'Скачать доказательство',
  'reserves.howTo':
    'Проверить доказательство можно и без нашего сайта: программой проверки из документации проекта или своей, по описанному там алгоритму.',
  'reserves.page.title': 'Резервы платформы',
  'reserves.page.intro':
    'Сколько платформа должна пользователям (по корню дерева) и сколько монет лежит на её опубликованных адресах в блокчейне на момент снимка.',
  'reserves.page.none': 'Снимков пока нет',
  'reserves.page.coin': 'Монета',
  'reserves.page.owed': 'Должны пользователям',
  'reserves.page.held': 'На адресах платформы',
  'reserves.page.ratio': 'Покрытие',
  'reserves.page.unknown': 'нет данных',
  'reserves.page.history': 'История покрытия',
  'reserves.page.addresses': 'Скачать список адресов',
  'reserves.page.auditHead': 'Голова журнала действий персонала: №{seq} {hash}',
  'reserves.page.accounts': 'Счетов в дереве: {count}',
} as const;
