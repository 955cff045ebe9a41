import type { reservesEntry as ru } from '../ru/reserves-entry.ts';
import type { Messages } from '../types.ts';

export const reservesEntry: Messages<typeof ru> = {
  'errors.reservesNoSnapshot': 'No proof-of-reserves snapshot has been published yet',
  'errors.reservesNoEntry':
    'Your account is not in the latest reserves snapshot: it was opened after it. Check again after the next one',
  'errors.reservesSnapshotBusy': 'A reserves snapshot is being taken already; try again in a minute',
  'reserves.check': 'Check reserves',
};
