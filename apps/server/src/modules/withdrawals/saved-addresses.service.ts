import {
  type CreateSavedAddressRequest,
  NETWORKS,
  type NetworkInfo,
  SAVED_ADDRESSES_MAX,
  type SavedAddressView,
  WithdrawalMessages,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { WithdrawalAddressRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { findAddressOwner } from '../deposits/index.ts';
import { startSecurityHold } from '../limits/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { canonicalAddress, refusal } from './destination.ts';
import * as repo from './saved-addresses.repository.ts';

const toView = (row: WithdrawalAddressRow): SavedAddressView => ({
  id: row.id,
  network: row.network,
  cryptocurrency: NETWORKS[row.network].currency,
  address: row.address,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Saves a checked destination under a label, inside the caller's transaction (the request
 * that carried the second-factor code): not the user's own deposit address, not over the limit,
 * not twice on one network.
 */
export async function saveAddress(
  tx: Tx,
  userId: string,
  input: { network: NetworkInfo; address: string; label: string },
  now: Date,
): Promise<SavedAddressView> {
  const { network, address, label } = input;
  const owner = await findAddressOwner(tx, network.chain, address);
  if (owner?.userId === userId) throw refusal('RULE_VIOLATION', WithdrawalMessages.ownAddress);
  if ((await repo.countSavedAddresses(tx, userId)) >= SAVED_ADDRESSES_MAX) {
    throw new AppError('RULE_VIOLATION', 'errors.addressesMax', { max: SAVED_ADDRESSES_MAX });
  }
  const row = await repo.insertSavedAddress(tx, {
    userId,
    network: network.id,
    address,
    label,
    createdAt: now,
  });
  if (!row) throw new AppError('CONFLICT', 'errors.addressSaved');
  return toView(row);
}

/** Saved destinations with labels, checked per network like any withdrawal address. */
export class SavedAddressesService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async list(userId: string): Promise<SavedAddressView[]> {
    return (await repo.savedAddressesOf(this.ctx.db, userId)).map(toView);
  }

  /** A new destination takes its own second-factor code (docs/decisions/023). */
  async add(userId: string, input: CreateSavedAddressRequest): Promise<SavedAddressView> {
    const network = NETWORKS[input.network];
    const address = canonicalAddress(network, input.address, this.ctx.config.devnetAddresses);
    const events = new PendingEvents();
    const created = await this.twoFactor.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          await this.twoFactor.requireFreshCode(tx, {
            userId,
            code: input.totpCode,
            now,
            ask: 'security.codeToSaveAddress',
          });
          const saved = await saveAddress(tx, userId, { network, address, label: input.label }, now);
          // A new destination is a security event and holds money-out for a while (docs/decisions/033).
          events.toUsers([userId], 'security:event', { kind: 'address_saved', at: now.toISOString() });
          await startSecurityHold(this.ctx, tx, { userId, change: 'address_saved', events });
          await events.writeTo(tx, now);
          return saved;
        }),
      input.totpCode,
    );
    events.publishTo(this.ctx.notifier);
    return created;
  }

  async remove(userId: string, id: string) {
    if (!(await repo.deleteSavedAddress(this.ctx.db, userId, id))) {
      throw notFound('wd.err.savedAddressNotFound');
    }
    return { message: 'Адрес удален' };
  }
}
