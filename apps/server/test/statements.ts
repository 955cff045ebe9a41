import pg from 'pg';
import type { Database } from '../src/db/client.ts';

/**
 * Counts the SQL statements the app sends to its database while `fn` runs: every round trip,
 * BEGIN and COMMIT included. On PostgreSQL it wraps node-postgres' `Client#query` (what the
 * pool runs); on PGlite it reads the protocol messages, one Parse or Query per statement.
 */
export async function countStatements(
  database: Database,
  fn: () => Promise<unknown>,
  /** While this answers true, statements are someone else's (e.g. deferred notification work). */
  ignore: () => boolean = () => false,
): Promise<string[]> {
  const seen: string[] = [];
  if (database.engine === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      if (!ignore())
        seen.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '?'));
      return original.apply(this, args);
    };
    try {
      await fn();
    } finally {
      proto.query = original;
    }
    return seen;
  }
  const client = (database.db as unknown as { $client: PgliteProtocol }).$client;
  const original = client.execProtocolStream;
  client.execProtocolStream = function (this: PgliteProtocol, message: Uint8Array, ...rest: unknown[]) {
    const text = statementText(message);
    if (text !== null && !ignore()) seen.push(text);
    return original.call(this, message, ...rest);
  };
  try {
    await fn();
  } finally {
    client.execProtocolStream = original;
  }
  return seen;
}

interface PgliteProtocol {
  execProtocolStream(message: Uint8Array, ...rest: unknown[]): Promise<unknown>;
}

const PARSE = 0x50; // 'P': type, int32 length, statement name, query text
const QUERY = 0x51; // 'Q': type, int32 length, query text

/** The SQL of a Parse or simple Query message; null for Bind, Describe, Execute and Sync. */
function statementText(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== PARSE && type !== QUERY) return null;
  let start = 5;
  if (type === PARSE) start = message.indexOf(0, start) + 1; // skip the statement name
  const end = message.indexOf(0, start);
  return new TextDecoder().decode(message.subarray(start, end));
}
