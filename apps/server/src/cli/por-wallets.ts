// `npm run por:wallets -- list | add <network> <address> <hot|cold> [label] | remove <network> <address>`:
// the platform's hot and cold wallets, published with the deposit addresses on /reserves and read
// at every proof-of-reserves snapshot (docs/decisions/039-proof-of-reserves.md, section 4), on the
// configured database (DATABASE_URL, else the embedded one in DATA_DIR; stop the server first for
// the embedded one).
import { isNetworkId, NETWORK_IDS } from '@p2p/shared';
import { validateAddress } from '@p2p/shared/address';
import type { Database } from '../db/client.ts';
import { deleteWallet, listWallets, upsertWallet } from '../modules/reserves/index.ts';
import { type CliOutput, runAsProcess } from './cli.ts';

const USAGE = `usage: npm run por:wallets -- list
       npm run por:wallets -- add <${NETWORK_IDS.join('|')}> <address> <hot|cold> [label]
       npm run por:wallets -- remove <network> <address>`;

/** Runs one command; returns the exit code (2: bad arguments). */
export async function runPorWallets(
  argv: string[],
  database: Database,
  options: { devnet: boolean },
  out: CliOutput = console,
): Promise<number> {
  const [command, network = '', address = '', kind = '', ...label] = argv;
  if (command === 'list') {
    const wallets = await listWallets(database.db);
    if (wallets.length === 0) out.log('por:wallets: no hot or cold wallets declared');
    for (const w of wallets) out.log(`${w.network}\t${w.kind}\t${w.address}${w.label ? `\t${w.label}` : ''}`);
    return 0;
  }
  if ((command !== 'add' && command !== 'remove') || !isNetworkId(network) || !address) {
    out.error(`por:wallets: ${USAGE}`);
    return 2;
  }
  const check = validateAddress(network, address, { devnet: options.devnet });
  const canonical = check.ok ? check.canonical : address;
  if (command === 'remove') {
    const removed = await deleteWallet(database.db, network, canonical);
    out.log(
      removed
        ? `por:wallets: ${network} ${canonical} removed`
        : `por:wallets: ${network} ${canonical} was not declared`,
    );
    return removed ? 0 : 1;
  }
  if (!check.ok) {
    out.error(`por:wallets: ${address} is not a valid ${network} address`);
    return 2;
  }
  if (kind !== 'hot' && kind !== 'cold') {
    out.error(`por:wallets: the kind is hot or cold\n${USAGE}`);
    return 2;
  }
  const text = label.join(' ').trim().slice(0, 100) || null;
  await upsertWallet(database.db, { network, address: canonical, kind, label: text });
  out.log(`por:wallets: ${network} ${kind} wallet ${canonical} declared; the next snapshot reads it`);
  return 0;
}

runAsProcess(import.meta.url, 'por:wallets', (database, config) =>
  runPorWallets(process.argv.slice(2), database, { devnet: config.chain.mode === 'devnet' }),
);
