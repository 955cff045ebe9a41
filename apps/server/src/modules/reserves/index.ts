// The reserves module's face (docs/decisions/039-proof-of-reserves.md): what the app, the
// scheduler, the back office and the commands use.
export { reservesRoutes } from './reserves.routes.ts';
export {
  type LedgerAudit,
  type ReservesLog,
  ReservesService,
  type SnapshotOutcome,
  type SnapshotTrigger,
} from './reserves.service.ts';
