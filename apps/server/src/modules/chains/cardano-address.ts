import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { parseCardanoAccountKey } from './cardano-keys.ts';

/** Mainnet and the test networks' (preprod, preview) network id in Shelley addresses. */
const NETWORK_ID = { mainnet: 1, devnet: 0 } as const;

/**
 * Cardano Shelley base addresses from the account's extended PUBLIC key
 * (docs/decisions/032-address-pool-solana-cardano.md): CIP-1852 account m/1852'/1815'/0'
 * (exported by wallets as `acct_xvk1…`, CIP-5), payment key `0/i` and stake key `2/0` both
 * derived softly (BIP32-Ed25519), combined into a base address (CIP-19 type 0) with
 * `@emurgo/cardano-serialization-lib-nodejs`. Mainnet addresses are `addr1…`; the devnet's are
 * test-network `addr_test1…`, which no mainnet wallet pays.
 */
export class CardanoDeriver {
  private readonly stake: CSL.Credential;

  private constructor(
    private readonly account: CSL.Bip32PublicKey,
    private readonly networkId: number,
  ) {
    this.stake = CSL.Credential.from_keyhash(account.derive(2).derive(0).to_raw_key().hash());
  }

  /** Reads an `acct_xvk1…` key (or its 64 bytes in hex); refuses private keys and other data. */
  static fromText(text: string, style: 'mainnet' | 'devnet'): CardanoDeriver {
    return new CardanoDeriver(CSL.Bip32PublicKey.from_bytes(parseCardanoAccountKey(text)), NETWORK_ID[style]);
  }

  addressAt(index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) {
      throw new RangeError(`derivation index out of range: ${index}`);
    }
    const payment = CSL.Credential.from_keyhash(this.account.derive(0).derive(index).to_raw_key().hash());
    return CSL.BaseAddress.new(this.networkId, payment, this.stake).to_address().to_bech32(undefined);
  }
}
