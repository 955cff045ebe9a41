import {
  type Cryptocurrency,
  type ErrorCode,
  type KeyedMessage,
  NETWORKS,
  type NetworkId,
  type NetworkInfo,
  networksOf,
  translate,
  WithdrawalMessages,
} from '@p2p/shared';
import { type AddressRefusal, validateAddress } from '@p2p/shared/address';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { savedAddressOf } from './saved-addresses.repository.ts';

/** `details.message` of a withdrawal refusal: its English wording (docs/decisions/012). */
export const englishDetail = (message: KeyedMessage) => ({
  message: translate('en', message.key, message.values),
});

/** A refusal in the reader's language and, in `details.message`, its English wording. */
export function refusal(code: ErrorCode, message: KeyedMessage, details: Record<string, unknown> = {}) {
  return new AppError(code, message.key, message.values, { ...details, ...englishDetail(message) });
}

/** The network a currency leaves by: the one asked for (it must carry the currency), or its default. */
export function resolveNetwork(currency: Cryptocurrency, asked: NetworkId | undefined): NetworkInfo {
  const candidates = networksOf(currency);
  const network = asked ? NETWORKS[asked] : candidates[0];
  if (!network || network.currency !== currency) {
    throw refusal('VALIDATION_ERROR', WithdrawalMessages.networkMismatch(asked ?? '-', currency), {
      field: 'network',
      networks: candidates.map((n) => n.id),
    });
  }
  return network;
}

/** The canonical form of a typed address on a network, or 400 with the catalogue's message. */
export function canonicalAddress(network: NetworkInfo, text: string | undefined, devnet: boolean): string {
  if (!text?.trim()) {
    throw refusal('VALIDATION_ERROR', WithdrawalMessages.addressRequired, { field: 'toAddress' });
  }
  const check = validateAddress(network.id, text, { devnet });
  if (!check.ok) {
    throw refusal('VALIDATION_ERROR', addressRefusal(network, check.reason), {
      field: 'toAddress',
      network: network.id,
      ...(check.reason ? { reason: check.reason } : {}),
    });
  }
  return check.canonical;
}

/** Why an address is refused, in the catalogue's words (docs/decisions/036 for the unspendable ones). */
function addressRefusal(network: NetworkInfo, reason: AddressRefusal | undefined): KeyedMessage {
  switch (reason) {
    case 'offCurve':
      return WithdrawalMessages.addressOffCurve;
    case 'notKey':
      return WithdrawalMessages.addressNotKey;
    case 'burn':
      return WithdrawalMessages.addressBurn(network.label);
    default:
      return WithdrawalMessages.addressFormat(network.label);
  }
}

export interface DestinationInput {
  cryptocurrency: Cryptocurrency;
  network?: NetworkId | undefined;
  toAddress?: string | undefined;
  addressId?: string | undefined;
}

/** Where a withdrawal goes: a typed address, or one the user saved (exactly one of the two). */
export async function resolveDestination(
  db: Executor,
  userId: string,
  input: DestinationInput,
  devnet: boolean,
): Promise<{ network: NetworkInfo; address: string }> {
  if (!input.addressId) {
    const network = resolveNetwork(input.cryptocurrency, input.network);
    return { network, address: canonicalAddress(network, input.toAddress, devnet) };
  }
  if (input.toAddress?.trim()) {
    throw new AppError('VALIDATION_ERROR', 'wd.err.addressOrSaved', undefined, {
      field: 'toAddress',
    });
  }
  const saved = await savedAddressOf(db, userId, input.addressId);
  if (!saved) throw notFound('wd.err.savedAddressNotFound');
  const network = resolveNetwork(input.cryptocurrency, input.network ?? saved.network);
  if (network.id !== saved.network) {
    throw refusal(
      'VALIDATION_ERROR',
      WithdrawalMessages.networkMismatch(saved.network, input.cryptocurrency),
      {
        field: 'addressId',
      },
    );
  }
  return { network, address: canonicalAddress(network, saved.address, devnet) };
}
