import type { staffSafety as ru } from '../ru/staff-safety.ts';
import type { Messages } from '../types.ts';

export const staffSafety: Messages<typeof ru> = {
  'staffSafety.signInLocked':
    'Too many wrong passwords. Password sign-in is locked; try again in {minutes, plural, one {# minute} other {# minutes}}',
  'staffSafety.casePending': 'A resolution of this dispute is already waiting for a second administrator',
  'staffSafety.approvalNotFound': 'Proposal not found',
  'staffSafety.notOwnProposal': 'Another administrator approves or rejects your proposal',
  'staffSafety.cancelOwnOnly': 'Only its author may withdraw a proposal',
  'staffSafety.alreadyDecided': 'This proposal has already been decided',
  'staffSafety.caseNoLongerDisputed': 'The trade is no longer in dispute: the proposal is out of date',
  'staffSafety.proposerNoLonger':
    'The author of the proposal may no longer make this decision: the case changed hands or their access changed',
  'staffSafety.creditInvalid': 'The credit no longer passes its checks: reject the proposal',
  'staffSafety.rejectNoteRequired': 'Give the reason for rejecting (at least 5 characters)',
  'staffSafety.rejectNoteTooLong': 'The reason must be at most 1000 characters',
};
