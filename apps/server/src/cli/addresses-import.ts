// `npm run addresses:import -- --network SOL --file list.txt`: adds deposit addresses generated
// offline by the operator's wallet to the address pool (docs/decisions/032-address-pool-solana-cardano.md),
// one address per line, on the configured database (DATABASE_URL, else the embedded one in
// DATA_DIR; stop the server first for the embedded one). Only public addresses go in the file.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isNetworkId, NETWORK_IDS, NETWORKS } from '@p2p/shared';
import type { Database } from '../db/client.ts';
import { importPoolAddresses } from '../modules/deposits/index.ts';
import { type CliOutput, runAsProcess } from './cli.ts';

const USAGE = `usage: npm run addresses:import -- --network <${NETWORK_IDS.join('|')}> --file <list.txt>`;

/** Parses the arguments and imports the file. Returns the process exit code. */
export async function runAddressesImport(
  argv: string[],
  database: Database,
  options: { devnet: boolean; now: Date },
  out: CliOutput = console,
): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { network: { type: 'string' }, file: { type: 'string' } },
    }));
  } catch (error) {
    out.error(`addresses:import: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const network = values.network ?? '';
  if (!values.file || !network) {
    out.error(`addresses:import: --network and --file are required\n${USAGE}`);
    return 2;
  }
  if (!isNetworkId(network)) {
    out.error(`addresses:import: unknown network "${network}" (known: ${NETWORK_IDS.join(', ')})`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(values.file, 'utf8');
  } catch (error) {
    out.error(`addresses:import: cannot read ${values.file}: ${(error as Error).message}; nothing imported`);
    return 1;
  }
  const report = await importPoolAddresses(database.db, network, text, options);
  const chain = NETWORKS[network].chain;
  out.log(
    `addresses:import: ${network} (${chain} pool): imported ${report.imported}, ` +
      `duplicates ${report.duplicates}, invalid ${report.invalid.length}`,
  );
  for (const bad of report.invalid) out.error(`  line ${bad.line}: not a ${network} address: ${bad.text}`);
  return report.invalid.length > 0 ? 1 : 0;
}

runAsProcess(import.meta.url, 'addresses:import', (database, config) =>
  runAddressesImport(process.argv.slice(2), database, {
    devnet: config.chain.mode === 'devnet',
    now: new Date(),
  }),
);
