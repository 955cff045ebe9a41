import {
  type CreateSavedAddressRequest,
  NETWORKS,
  SAVED_ADDRESSES_MAX,
  type SavedAddressView,
  WithdrawalMessages,
} from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import type { WithdrawalAddressRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { findAddressOwner } from '../deposits/deposit-addresses.repository.ts';
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

/** Saved destinations with labels, checked per network like any withdrawal address. */
export class SavedAddressesService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: string): Promise<SavedAddressView[]> {
    return (await repo.savedAddressesOf(this.ctx.db, userId)).map(toView);
  }

  async add(userId: string, input: CreateSavedAddressRequest): Promise<SavedAddressView> {
    const network = NETWORKS[input.network];
    const address = canonicalAddress(network, input.address, this.ctx.config.devnetAddresses);
    const owner = await findAddressOwner(this.ctx.db, network.chain, address);
    if (owner?.userId === userId) throw refusal('RULE_VIOLATION', WithdrawalMessages.ownAddress);
    if ((await repo.countSavedAddresses(this.ctx.db, userId)) >= SAVED_ADDRESSES_MAX) {
      throw new AppError('RULE_VIOLATION', `Можно сохранить не более ${SAVED_ADDRESSES_MAX} адресов`);
    }
    const row = await repo.insertSavedAddress(this.ctx.db, {
      userId,
      network: network.id,
      address,
      label: input.label,
      createdAt: this.ctx.clock.now(),
    });
    if (!row) throw new AppError('CONFLICT', 'Этот адрес уже сохранен для этой сети');
    return toView(row);
  }

  async remove(userId: string, id: string) {
    if (!(await repo.deleteSavedAddress(this.ctx.db, userId, id))) {
      throw notFound(WithdrawalMessages.savedAddressNotFound);
    }
    return { message: 'Адрес удален' };
  }
}
