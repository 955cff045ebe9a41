// What the database commands (staff:create, addresses:import) share: their output, and how one
// runs as a process on the configured database.
import { pathToFileURL } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * Runs `command` as the process when `moduleUrl` is the script node was started with: loads the
 * configuration (a bad one is one line and exit 1), opens the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR), migrates it, and sets the exit code to what the command
 * returns. Importing the module (the tests) runs nothing.
 */
export function runAsProcess(
  moduleUrl: string,
  name: string,
  command: (database: Database, config: Config) => Promise<number>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  withDatabase(command).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name} failed:`, error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

async function withDatabase(
  command: (database: Database, config: Config) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    return await command(database, config);
  } finally {
    await database.close();
  }
}
