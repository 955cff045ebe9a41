/** Proof of reserves where it starts (docs/decisions/039): the wallet's button, the footer's link, the errors. */
export const reservesEntry = {
  'errors.reservesNoSnapshot': 'Снимок резервов ещё не опубликован',
  'errors.reservesNoEntry':
    'В последнем снимке резервов нет вашего счёта: он открыт после снимка. Проверьте после следующего',
  'errors.reservesSnapshotBusy': 'Снимок резервов уже делается, попробуйте через минуту',
  'reserves.check': 'Проверить резервы',
} as const;
