import type { backoffice as ru } from '../ru/backoffice.ts';
import type { Messages } from '../types.ts';

export const backoffice: Messages<typeof ru> = {
  'bo.noteRequired': 'Enter the note text',
  'bo.noteTooLong': 'A note must not exceed 2000 characters',
  'bo.blockReasonRequired': 'Give a reason (at least 5 characters)',
  'bo.blockReasonTooLong': 'The reason must not exceed 500 characters',
  'bo.evidenceRequired': 'Describe the evidence needed',
  'bo.evidenceHours': 'Deadline: 1 to 168 hours',
  'bo.evidenceParty': 'Choose a party: buyer or seller',
  'bo.badDate': 'Invalid date',
  'bo.staffPasswordShort': 'Password: at least 8 characters',
  'bo.adminsOnly': 'Only an administrator may do this',
  'bo.wdAdminsOnly': 'Only administrators decide on withdrawals',
  'bo.txHashFormat': 'Invalid TX Hash format for the {network} network',
  'bo.txHashUsed': 'This TX Hash is already given in another request',
  'bo.caseOwnerOnly': 'Another moderator handles this case: take it first',
  'bo.caseTaken': 'Another moderator has already taken this case',
  'bo.caseNotDisputed': 'The trade is not in dispute',
  'bo.userBlocked': 'The account is blocked. Please contact support',
  'bo.alreadyBlocked': 'The user is already blocked',
  'bo.notBlocked': 'The user is not blocked',
  'bo.staffNotFound': 'Staff member not found',
  'bo.staffEmailTaken': 'A staff member with this email already exists',
  'bo.selfChange': 'You cannot change your own role or disable yourself',
  'bo.twoFactorEnrol': 'Set up two-factor authentication to continue',
  'bo.twoFactorCode': 'Enter the code from the authenticator app',
  'bo.moderator': 'Moderator',
  'bo.chatEvidenceRequest':
    'The moderator asks the {party, select, buyer {buyer} other {seller}} for evidence by {deadline}: {text}',
  'bo.chatOutcome':
    'Dispute decision: {outcome, select, release {funds released to the buyer} other {funds returned to the seller}}. {note}',
  // Shown to users too (trade page, chat): in the catalogue's first load (docs/decisions/015).
  'bo.case.moderator': 'Moderator',
  'bo.case.evidenceOverdue': 'deadline passed without an answer',
  'bo.trade.evidenceTitle': 'The moderator asks you for evidence',
  'bo.trade.evidenceDeadline': 'Answer by {deadline}. Time left:',
  'bo.trade.evidenceHow': 'Answer with a message in the trade chat or upload a receipt.',
  'bo.trade.evidenceToast': 'The moderator asked you for evidence in the dispute',
  'bo.trade.outcomeReleased': 'The moderator resolved the dispute: the crypto went to the buyer',
  'bo.trade.outcomeRefunded': 'The moderator resolved the dispute: the crypto went back to the seller',
};
