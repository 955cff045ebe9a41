// The reserves module's face (docs/decisions/039-proof-of-reserves.md): what the app, the
// scheduler, the back office and the commands (cli/por-wallets.ts: the watched wallets) use.
export { deleteWallet, listWallets, upsertWallet } from './reserves.repository.ts';
export { reservesRoutes } from './reserves.routes.ts';
export {
  type LedgerAudit,
  type ReservesLog,
  ReservesService,
  type SnapshotOutcome,
  type SnapshotTrigger,
} from './reserves.service.ts';
