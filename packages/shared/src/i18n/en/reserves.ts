import type { reserves as ru } from '../ru/reserves.ts';
import type { Messages } from '../types.ts';

export const reserves: Messages<typeof ru> = {
  'reserves.title': 'Proof of reserves',
  'reserves.intro':
    'We publish the root of a Merkle tree with the sums of what we owe every user. Your browser checks that your balance is inside the published total, without trusting us.',
  'reserves.snapshotAt': 'Snapshot of {time}',
  'reserves.counted': 'Balances counted',
  'reserves.verifying': 'Checking the path to the root on your device…',
  'reserves.verified': 'Your balance is counted ✓',
  'reserves.failed': 'The check failed: {reason}',
  'reserves.failedReason.path': 'the path does not lead to the published root',
  'reserves.failedReason.commitment': 'the entry is not your account’s',
  'reserves.failedReason.account': 'the proof is for another account',
  'reserves.failedReason.malformed': 'the proof file is damaged',
  'reserves.failedReason.root': 'the published root of the snapshot is different',
  'reserves.root': 'Root',
  'reserves.download': 'Download the proof',
  'reserves.howTo':
    'Check it yourself: npm run por:verify -- proof.json (the algorithm is in docs/proof-of-reserves.md)',
  'reserves.page.title': 'Platform reserves',
  'reserves.page.intro':
    'What the platform owes its users (from the tree’s root) and what its published addresses hold on chain at the snapshot.',
  'reserves.page.none': 'No snapshots yet',
  'reserves.page.coin': 'Coin',
  'reserves.page.owed': 'Owed to users',
  'reserves.page.held': 'On platform addresses',
  'reserves.page.ratio': 'Coverage',
  'reserves.page.unknown': 'no data',
  'reserves.page.history': 'Coverage history',
  'reserves.page.addresses': 'Download the address list',
  'reserves.page.auditHead': 'Staff audit log head: #{seq} {hash}',
  'reserves.page.accounts': 'Accounts in the tree: {count}',
} as const;
