// `npm run staff:create -- --email a@b.c --password ... --role admin|moderator
//   [--first-name X --last-name Y]`: creates a back-office account on the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR; stop the server first for the embedded one).
import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createStaff } from '../modules/admin/index.ts';
import { type CliOutput, runAsProcess } from './cli.ts';

const USAGE =
  'usage: npm run staff:create -- --email <email> --password <password> --role admin|moderator ' +
  '[--first-name <name>] [--last-name <name>]';

/** Parses the arguments and creates the account. Returns the process exit code. */
export async function runStaffCreate(
  argv: string[],
  database: Database,
  now: Date,
  out: CliOutput = console,
): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    out.error(`staff:create: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const missing = ['email', 'password', 'role'].filter((name) => !values[name]);
  if (missing.length > 0) {
    out.error(`staff:create: missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  if (values.role !== 'admin' && values.role !== 'moderator') {
    out.error(`staff:create: --role must be admin or moderator, got "${values.role}"`);
    return 2;
  }
  try {
    const staff = await createStaff(
      database.db,
      {
        email: values.email ?? '',
        password: values.password ?? '',
        role: values.role,
        firstName: values['first-name'],
        lastName: values['last-name'],
      },
      now,
    );
    out.log(`staff:create: created ${staff.role} ${staff.email} (id ${staff.id})`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out.error(`staff:create: ${error.textIn('en')}`);
      return 1;
    }
    throw error;
  }
}

runAsProcess(import.meta.url, 'staff:create', (database) =>
  runStaffCreate(process.argv.slice(2), database, new Date()),
);
