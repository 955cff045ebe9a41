import type pg from 'pg';

/**
 * Server-side prepared statements for every parameterized query, per connection
 * (docs/decisions/021-prepared-statements-and-compiled-queries.md).
 *
 * A query sent without a name is parsed, analysed and planned by PostgreSQL each time; for
 * the app's statements that costs more than running them (a trade view: 0.4 ms to parse,
 * 1.1 ms to plan, 0.3 ms to run). Named, PostgreSQL parses a statement once per connection
 * and keeps its plan cache: a few custom plans, then the generic one when it is as good.
 *
 * The name is chosen per connection from the statement's text, so two texts never share a
 * name. A connection names at most MAX_PER_CONNECTION distinct texts; later ones run unnamed
 * as before, which bounds the server's memory however many shapes the app builds (a search
 * with optional filters, an IN list of varying length). Statements without parameters
 * (COMMIT, migrations) go through the simple protocol unchanged; a BEGIN goes with the
 * statement after it (`beginWithFirstStatement`, below), and a COMMIT with the statement the
 * caller marked as its transaction's last (`commitWithLastStatement`).
 *
 * Not for a pooler in transaction mode (PgBouncer before 1.21): its connections change under
 * the client, so a name parsed on one may be missing on the next. DATABASE_PREPARED_STATEMENTS=0
 * turns this off, and the BEGIN's and the COMMIT's rides with it.
 */
export const MAX_PER_CONNECTION = 500;

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
}

type QueryFn = (...args: unknown[]) => unknown;

/** The parts of pg's Client and Connection the deferred BEGIN uses (internal to pg 8). */
interface ClientInternals {
  connection?: {
    stream: { cork(): void; uncork(): void };
    parse(query: { text: string }): void;
    bind(config: object): void;
    execute(config: object): void;
    sync(): void;
    close(msg: { type: string; name?: string }): void;
    parsedStatements: Record<string, string>;
  };
  readyForQuery: boolean;
  pipeline?: boolean;
  _queryQueue: unknown[];
  _handleParseComplete(msg: unknown): void;
  _handleCommandComplete(msg: { text?: string }): void;
  _handleErrorMessage(msg: unknown): void;
  _handleReadyForQuery(msg: unknown): void;
}

const textOf = (config: unknown) =>
  (typeof config === 'string' ? config : (config as QueryConfigLike | null)?.text)?.trim().toUpperCase();

/** The driver's result for a command with no rows, answered here without PostgreSQL. */
const answered = (command: string) => Object.freeze({ command, rowCount: null, rows: [], fields: [] });
const BEGUN = answered('BEGIN');
const COMMITTED = answered('COMMIT');
const ROLLED_BACK = answered('ROLLBACK');

/**
 * Whether a command may ride with this query: it is parameterized (one statement, sent as
 * Parse/Bind/Execute/Sync), awaited as a promise, and the client is idle, so its messages are
 * written at once, in this call.
 */
function mayCarry(self: ClientInternals, args: unknown[]): boolean {
  const [config, values] = args;
  const params = paramsOf(config, values);
  const idle = self.readyForQuery && self._queryQueue.length === 0 && !self.pipeline;
  return (
    Boolean(self.connection && params && params.length > 0 && idle) &&
    !args.some((a) => typeof a === 'function')
  );
}

/** A command as Parse/Bind/Execute with no Sync of its own: the next Sync closes it with what follows. */
function writeCommand(
  connection: NonNullable<ClientInternals['connection']>,
  text: string,
  execute: (config: object) => void = connection.execute,
): void {
  connection.parse({ text });
  connection.bind({});
  execute.call(connection, {});
}

const isBegin = (config: unknown, values: unknown) =>
  textOf(config) === 'BEGIN' && !(Array.isArray(values) && values.length > 0);

/** The query's parameters, given with the text or apart from it. */
const paramsOf = (config: unknown, values: unknown) =>
  Array.isArray(values) ? values : (config as QueryConfigLike | null)?.values;

/** What the ride ahead (`statementRidesAhead`) needs of the driver besides its Client. */
export interface DriverParts {
  Query: typeof pg.Query;
  /** The driver's mapping of a JavaScript value to its text on the wire (pg/lib/utils). */
  prepareValue: (value: unknown) => unknown;
}

/**
 * A pg.Client class whose parameterized queries are named (and so prepared) per connection.
 * With `driver`, a statement can also ride ahead of the next one (`inOneRoundTrip`).
 */
export function preparingClient(
  Client: typeof pg.Client,
  max = MAX_PER_CONNECTION,
  driver?: DriverParts,
): typeof pg.Client {
  const base = driver ? statementRidesAhead(Client, driver) : Client;
  class PreparingClient extends beginWithFirstStatement(commitWithLastStatement(base)) {
    /** Text -> name, for this connection's statements. */
    readonly #names = new Map<string, string>();

    constructor(...args: ConstructorParameters<typeof pg.Client>) {
      super(...args);
      // pg closes a named statement whose values failed to bind, yet still takes it as parsed:
      // its next run by name would find none. It is parsed again instead.
      const connection = (this as unknown as ClientInternals).connection;
      if (!connection) return;
      const close = connection.close;
      connection.close = (msg) => {
        if (msg.type === 'S' && msg.name) delete connection.parsedStatements[msg.name];
        close.call(connection, msg);
      };
    }

    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = this.#nameFor(config);
        if (name) args[0] = { text: config, name };
      } else if (config && typeof config === 'object' && 'text' in config && !isSubmittable(config)) {
        // A driver's query object (it submits itself) is left as it is: a copy would lose it.
        const c = config as QueryConfigLike;
        const params = Array.isArray(values) ? values : c.values;
        if (!c.name && params && params.length > 0) {
          const name = this.#nameFor(c.text);
          if (name) args[0] = { ...c, name };
        }
      }
      return (super.query as QueryFn).apply(this, args) as never;
    }

    #nameFor(text: string): string | null {
      const known = this.#names.get(text);
      if (known) return known;
      if (this.#names.size >= max) return null;
      const name = `p2p_${this.#names.size + 1}`;
      this.#names.set(text, name);
      return name;
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}

/**
 * A pg.Client class whose transactions open with their first statement (docs/decisions/052): a
 * BEGIN is answered at once and sent in front of the next query, in the same write and the same
 * round trip. It goes as an extended-protocol Parse/Bind/Execute without a Sync, so the query's
 * Sync closes both: if the BEGIN failed, PostgreSQL skips the query (it discards everything up to
 * the Sync) and the query fails, never running outside the transaction. The BEGIN's own
 * ParseComplete and CommandComplete are not the query's and are dropped. A next query that is not
 * parameterized (its text may hold several statements) waits for a BEGIN of its own, as before.
 */
function beginWithFirstStatement(Client: typeof pg.Client): typeof pg.Client {
  const base = Client.prototype as unknown as ClientInternals;
  class BeginWithFirstStatement extends Client {
    /** A BEGIN answered but not yet sent. */
    #beginDeferred = false;
    /** The sent BEGIN's own answers still to drop. */
    #beginParse = false;
    #beginCommand = false;

    override query(...args: unknown[]): never {
      const [config, values] = args;
      const self = this as unknown as ClientInternals;
      const callback = args.some((a) => typeof a === 'function');
      if (!callback && self.connection && isBegin(config, values)) {
        if (this.#beginDeferred) return this.#sendBegin(args) as never;
        this.#beginDeferred = true;
        return Promise.resolve(BEGUN) as never;
      }
      if (!this.#beginDeferred) return (super.query as QueryFn).apply(this, args) as never;
      this.#beginDeferred = false;
      if (!mayCarry(self, args)) return this.#sendBegin(args) as never;
      const connection = self.connection as NonNullable<ClientInternals['connection']>;
      connection.stream.cork();
      try {
        writeCommand(connection, 'BEGIN');
        this.#beginParse = true;
        this.#beginCommand = true;
        return (super.query as QueryFn).apply(this, args) as never;
      } finally {
        connection.stream.uncork();
      }
    }

    /** The BEGIN on its own, then the query once it is answered: the order before the deferral. */
    #sendBegin(args: unknown[]): unknown {
      const query = super.query as QueryFn;
      const callback = args.find((a) => typeof a === 'function') as ((err: unknown) => void) | undefined;
      if (callback) {
        query.call(this, 'BEGIN', (err: unknown) => (err ? callback(err) : query.apply(this, args)));
        return undefined;
      }
      return (query.call(this, 'BEGIN') as Promise<unknown>).then(() => query.apply(this, args));
    }

    _handleParseComplete(msg: unknown): void {
      if (this.#beginParse) {
        this.#beginParse = false;
        return;
      }
      base._handleParseComplete.call(this, msg);
    }

    _handleCommandComplete(msg: { text?: string }): void {
      if (this.#beginCommand && msg.text === 'BEGIN') {
        this.#beginCommand = false;
        return;
      }
      base._handleCommandComplete.call(this, msg);
    }

    // A failed BEGIN: PostgreSQL answers its error (the query's, which it skipped), then ready.
    _handleErrorMessage(msg: unknown): void {
      this.#beginParse = false;
      this.#beginCommand = false;
      base._handleErrorMessage.call(this, msg);
    }

    _handleReadyForQuery(msg: unknown): void {
      this.#beginParse = false;
      this.#beginCommand = false;
      base._handleReadyForQuery.call(this, msg);
    }
  }
  return BeginWithFirstStatement as unknown as typeof pg.Client;
}

/** A client whose transaction's last statement can carry its COMMIT (`commitWithLastStatement`). */
interface CommitRider {
  commitWithNextStatement(): void;
}

/**
 * Marks the next statement `tx` runs as its transaction's last: on PostgreSQL its COMMIT is sent
 * with it, in the same round trip (docs/decisions/053). Nothing may run in the transaction after
 * it, and nothing may throw after it: the transaction has committed by the time it answers, and
 * Drizzle's own COMMIT is then answered without a round trip. Does nothing inside a savepoint (a
 * nested transaction's end is not its transaction's) and on PGlite.
 */
export function commitWithNextStatement(tx: unknown): void {
  const t = tx as { nestedIndex?: number; session?: { client?: Partial<CommitRider> } };
  if (t.nestedIndex !== 0) return;
  t.session?.client?.commitWithNextStatement?.();
}

/**
 * A pg.Client class whose marked statement carries its transaction's COMMIT (docs/decisions/053):
 * the COMMIT's Parse/Bind/Execute go between the statement's Execute and its Sync, in the same
 * write. PostgreSQL runs the COMMIT only if the statement succeeded (an error discards everything
 * up to the Sync, and the transaction stays open and aborted, as before). The COMMIT's own
 * CommandComplete is dropped; if the COMMIT fails the statement's query fails with its error.
 * Drizzle's COMMIT after it is answered here; a ROLLBACK after it (the caller threw after the
 * last statement) has nothing left to undo. Anything else after it is refused: it would run
 * outside the transaction. A statement that is not parameterized, or that waits behind another,
 * goes as before and the COMMIT after it too.
 */
function commitWithLastStatement(Client: typeof pg.Client): typeof pg.Client {
  const base = Client.prototype as unknown as ClientInternals;
  class CommitWithLastStatement extends Client implements CommitRider {
    /** The next statement is the transaction's last. */
    #commitNext = false;
    /** A COMMIT went with the statement in flight; what it answered so far. */
    #commitSent = false;
    #commitAnswered = false;
    #failed = false;
    /** The transaction committed with its last statement; the caller's COMMIT is still to come. */
    #committed = false;

    commitWithNextStatement(): void {
      this.#commitNext = true;
    }

    override query(...args: unknown[]): never {
      const query = super.query as QueryFn;
      if (this.#committed) {
        this.#committed = false;
        const text = textOf(args[0]);
        if (text === 'COMMIT') return Promise.resolve(COMMITTED) as never;
        if (text === 'ROLLBACK') return Promise.resolve(ROLLED_BACK) as never;
        return Promise.reject(
          new Error('the transaction committed with its last statement: nothing may run in it after that'),
        ) as never;
      }
      const commitNext = this.#commitNext;
      this.#commitNext = false;
      const self = this as unknown as ClientInternals;
      if (!(commitNext && mayCarry(self, args))) return query.apply(this, args) as never;
      return withCommitBeforeSync(
        self.connection as NonNullable<ClientInternals['connection']>,
        () => query.apply(this, args),
        () => {
          this.#commitSent = true;
        },
      ) as never;
    }

    _handleCommandComplete(msg: { text?: string }): void {
      if (this.#commitSent && msg.text === 'COMMIT') {
        this.#commitAnswered = true;
        return;
      }
      base._handleCommandComplete.call(this, msg);
    }

    _handleErrorMessage(msg: unknown): void {
      if (this.#commitSent) this.#failed = true;
      base._handleErrorMessage.call(this, msg);
    }

    _handleReadyForQuery(msg: unknown): void {
      if (this.#commitSent) {
        // Set before the statement's caller hears its answer: its COMMIT comes next.
        this.#committed = this.#commitAnswered && !this.#failed;
        this.#commitSent = false;
        this.#commitAnswered = false;
        this.#failed = false;
      }
      base._handleReadyForQuery.call(this, msg);
    }
  }
  return CommitWithLastStatement as unknown as typeof pg.Client;
}

/**
 * Runs `send`, which writes a query's messages at once (the client is idle), with a COMMIT's
 * Parse/Bind/Execute written in front of its Sync, and only after its Execute: a statement whose
 * values fail to bind is closed and synced without one, and no COMMIT goes then.
 */
function withCommitBeforeSync<T>(
  connection: NonNullable<ClientInternals['connection']>,
  send: () => T,
  sent: () => void,
): T {
  const patched = connection as Partial<typeof connection>;
  const { execute, sync } = connection;
  let executed = false;
  patched.execute = (config: object) => {
    executed = true;
    execute.call(connection, config);
  };
  patched.sync = () => {
    if (executed) {
      writeCommand(connection, 'COMMIT', execute);
      sent();
    }
    sync.call(connection);
  };
  try {
    return send();
  } finally {
    // pg's Connection keeps these on its prototype: the instance's own go again.
    delete patched.execute;
    delete patched.sync;
  }
}

/** A client that can send a statement ahead of the next one (`inOneRoundTrip`). */
interface AheadRider {
  /** Holds the next statement until the one after it; resolves once one is held. */
  holdNextStatement(): Promise<void>;
  /** Forgets a hold that took no statement. */
  cancelHold(): void;
  /** Sends a held statement on its own: the one meant to carry it never came. */
  sendHeld(): void;
}

/**
 * Runs `first` and then `second`, each sending one statement of the transaction `tx`, in one
 * round trip on PostgreSQL (docs/decisions/060): `first`'s statement is held and written ahead of
 * `second`'s, both closed by `second`'s Sync, and each answers its own caller. `second` must not
 * need `first`'s answer; it sees `first`'s writes, as it would one round trip later. If `first`'s
 * statement fails, PostgreSQL skips everything up to the Sync (`second`'s statement, and a COMMIT
 * it carries) and this throws `first`'s error. On PGlite, with prepared statements off, or outside
 * a transaction, they run one after the other.
 */
export async function inOneRoundTrip<A, B>(
  tx: unknown,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const client = (tx as { session?: { client?: Partial<AheadRider> } }).session?.client;
  if (!client?.holdNextStatement || !client.cancelHold || !client.sendHeld) {
    const a = await first();
    return [a, await second()];
  }
  const rider = client as AheadRider;
  const held = rider.holdNextStatement();
  const a = first();
  // `first` may end without sending a statement (it failed before, or had none to send): then
  // nothing is held, and `second` goes on its own after it, as without a rider.
  const holding = await Promise.race([
    held.then(() => true),
    a.then(
      () => false,
      () => false,
    ),
  ]);
  if (!holding) {
    rider.cancelHold();
    const answer = await a;
    return [answer, await second()];
  }
  // A `second` that fails before its statement reaches the driver leaves the held one to go alone.
  const b = second().finally(() => rider.sendHeld());
  const [ra, rb] = await Promise.allSettled([a, b]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value];
}

/**
 * `inOneRoundTrip` for any number of steps, each sending one statement: each rides ahead of the
 * next, the last one's Sync closes them all. Answers their answers in order; the first failure
 * skips the rest and is thrown.
 */
export async function allInOneRoundTrip(tx: unknown, steps: (() => Promise<unknown>)[]): Promise<unknown[]> {
  const [first, ...rest] = steps;
  if (!first) return [];
  if (rest.length === 0) return [await first()];
  const [answer, others] = await inOneRoundTrip(tx, first, () => allInOneRoundTrip(tx, rest));
  return [answer, ...others];
}

/** The parts of pg's Client, Connection and Query the ride ahead uses (internal to pg 8). */
interface RiderInternals {
  connection?: NonNullable<ClientInternals['connection']> & {
    submittedNamedStatements: Record<string, string>;
    describe(config: object): void;
  };
  _types: unknown;
  _getActiveQuery(): DriverQuery | null | undefined;
  _handleRowDescription(msg: unknown): void;
  _handleDataRow(msg: unknown): void;
  _errorAllQueries(error: unknown): void;
}

type DriverQuery = pg.Query & {
  text: string;
  name?: string;
  values?: unknown[];
  types?: unknown;
  binary?: boolean;
  callback?: unknown;
  _accumulateRows?: boolean;
  _result?: DriverResult;
  handleRowDescription(msg: unknown): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
  handleReadyForQuery(connection: unknown): void;
  handleError(error: unknown, connection: unknown): void;
};

/**
 * A pg.Client class that can hold a statement and write it ahead of the next one (docs/decisions/060):
 * its Parse/Bind/Describe/Execute go without a Sync, in the same write as the next statement's, whose
 * Sync closes both. PostgreSQL answers them in order: the held statement's ParseComplete, rows and
 * CommandComplete go to its own query (answered at its CommandComplete), the rest to the next one as
 * usual. If the held statement fails, PostgreSQL discards the rest up to the Sync: its query fails
 * with the error, and the next one with "skipped". A next query that cannot carry it (not
 * parameterized, a callback, the client busy) waits behind it, sent on its own as before.
 */
function statementRidesAhead(Client: typeof pg.Client, driver: DriverParts): typeof pg.Client {
  const base = Client.prototype as unknown as ClientInternals & RiderInternals;
  class StatementRidesAhead extends Client implements AheadRider {
    #arming: (() => void) | null = null;
    /** Held, not yet sent. */
    /** Held, not yet sent, in the order they came. */
    #held: DriverQuery[] = [];
    readonly #answers = new AheadAnswers(() => (this as unknown as RiderInternals).connection);

    holdNextStatement(): Promise<void> {
      return new Promise((resolve) => (this.#arming = resolve));
    }

    cancelHold(): void {
      this.#arming = null;
    }

    sendHeld(): void {
      for (const held of this.#held.splice(0)) (Client.prototype.query as QueryFn).call(this, held);
    }

    override query(...args: unknown[]): never {
      const self = this as unknown as ClientInternals & RiderInternals;
      const query = super.query as QueryFn;
      const arming = this.#arming;
      if (arming && mayCarry(self, args) && !isSubmittable(args[0])) {
        this.#arming = null;
        const { held, answer } = heldQuery(driver, args, self._types);
        this.#held.push(held);
        arming();
        return answer as never;
      }
      if (this.#held.length === 0) return query.apply(this, args) as never;
      if (!mayCarry(self, args)) {
        this.sendHeld();
        return query.apply(this, args) as never;
      }
      const held = this.#held.splice(0);
      const connection = self.connection as NonNullable<RiderInternals['connection']>;
      try {
        return writeAhead(connection, held, driver, (parses) => {
          this.#answers.sent(held, parses);
          return query.apply(this, args);
        }) as never;
      } catch (error) {
        // Values that could not be mapped, and nothing was sent: the held fail, the next one unsent.
        for (const q of held) q.handleError(error, connection);
        return Promise.reject(skippedError(error)) as never;
      }
    }

    _handleParseComplete(msg: unknown): void {
      if (!this.#answers.parseComplete()) base._handleParseComplete.call(this, msg);
    }

    _handleRowDescription(msg: RowDescription): void {
      if (this.#answers.rowDescription(msg)) return;
      const active = (this as unknown as RiderInternals)._getActiveQuery();
      if (active) describeRows(active, msg);
      else base._handleRowDescription.call(this, msg);
    }

    _handleDataRow(msg: unknown): void {
      if (!this.#answers.dataRow(msg)) base._handleDataRow.call(this, msg);
    }

    _handleCommandComplete(msg: { text?: string }): void {
      if (!this.#answers.commandComplete(msg)) base._handleCommandComplete.call(this, msg);
    }

    _handleErrorMessage(msg: unknown): void {
      if (!this.#answers.error(msg)) base._handleErrorMessage.call(this, msg);
    }

    _handleReadyForQuery(msg: unknown): void {
      const skipped = this.#answers.takeSkipped();
      if (skipped) base._handleErrorMessage.call(this, skipped);
      base._handleReadyForQuery.call(this, msg);
    }

    _errorAllQueries(error: unknown): void {
      this.#answers.lose(error, this.#held.splice(0));
      base._errorAllQueries.call(this, error);
    }
  }
  return StatementRidesAhead as unknown as typeof pg.Client;
}

/**
 * Where the answers of the statements sent ahead go, in their order, until each has them all
 * (statementRidesAhead): each method answers whether the message was theirs.
 */
class AheadAnswers {
  /** Sent ahead of the active query and not yet answered; `parse`: a ParseComplete is due. */
  #ahead: { query: DriverQuery; parse: boolean }[] = [];
  /** One failed: the rest, and the active query, were skipped; it fails at the ReadyForQuery. */
  #skipped: Error | null = null;

  constructor(private readonly connection: () => RiderInternals['connection']) {}

  sent(queries: DriverQuery[], parses: boolean[]): void {
    this.#ahead = queries.map((query, i) => ({ query, parse: parses[i] ?? false }));
  }

  parseComplete(): boolean {
    const ahead = this.#ahead[0];
    if (!ahead?.parse) return false;
    ahead.parse = false;
    const connection = this.connection();
    const name = ahead.query.name;
    if (name && connection) {
      connection.parsedStatements[name] = ahead.query.text;
      delete connection.submittedNamedStatements[name];
    }
    return true;
  }

  rowDescription(msg: RowDescription): boolean {
    const ahead = this.#ahead[0];
    if (!ahead) return false;
    describeRows(ahead.query, msg);
    return true;
  }

  dataRow(msg: unknown): boolean {
    this.#ahead[0]?.query.handleDataRow(msg);
    return this.#ahead.length > 0;
  }

  /** Its CommandComplete: it is answered now, not at the Sync's ReadyForQuery. */
  commandComplete(msg: unknown): boolean {
    const ahead = this.#ahead.shift();
    if (!ahead) return false;
    const connection = this.connection();
    ahead.query.handleCommandComplete(msg, connection);
    ahead.query.handleReadyForQuery(connection);
    return true;
  }

  error(msg: unknown): boolean {
    const [failed, ...skipped] = this.#ahead.splice(0);
    if (!failed) return false;
    const connection = this.connection();
    // As pg does for a failed query: a name it was parsing under is not taken as parsed.
    for (const ahead of [failed, ...skipped])
      if (ahead.parse && ahead.query.name && connection)
        delete connection.submittedNamedStatements[ahead.query.name];
    const error = skippedError(msg);
    this.#skipped = error;
    failed.query.handleError(msg, connection);
    for (const ahead of skipped) ahead.query.handleError(error, connection);
    return true;
  }

  takeSkipped(): Error | null {
    const skipped = this.#skipped;
    this.#skipped = null;
    return skipped;
  }

  /** The connection is gone: the statements ahead fail with it, and those still `held` too. */
  lose(error: unknown, held: DriverQuery[]): void {
    const lost = [...this.#ahead.splice(0).map((a) => a.query), ...held];
    this.#skipped = null;
    for (const query of lost) process.nextTick(() => query.handleError(error, null));
  }
}

/** The parts of pg's Result a row description sets (internal to pg 8). */
interface DriverResult {
  rowAsArray?: boolean;
  command?: string | null;
  fields?: unknown[];
  _parsers?: unknown[];
  _types?: unknown;
}

/** PostgreSQL's RowDescription, as pg's parser gives it. */
interface RowDescription {
  fields: { dataTypeID: number; format?: string }[];
}

type TypeParsers = { getTypeParser(oid: number, format: string): unknown };

/**
 * A query's row description, set as pg sets it (docs/decisions/062) for a query whose rows come
 * as arrays: its fields, and each column's parser from the query's types. pg 8 also builds, for
 * every query, an object with each column as a key that only rows as objects use
 * (`Result.addFields`): for a trade's forty columns, 3 % of the server's time on a trade action.
 * Any other query (rows as objects, a later result of a text with several statements) is pg's.
 */
function describeRows(query: DriverQuery, msg: RowDescription): void {
  const result = query._result;
  const types = result?._types as TypeParsers | undefined;
  if (!result?.rowAsArray || result.command !== null || !types?.getTypeParser) {
    query.handleRowDescription(msg);
    return;
  }
  result.fields = msg.fields;
  result._parsers = msg.fields.map((f) => types.getTypeParser(f.dataTypeID, f.format || 'text'));
  query._accumulateRows = Boolean(query.callback) || query.listeners('row').length === 0;
}

/** The driver's query for a statement to hold, and the promise of its answer. */
function heldQuery(driver: DriverParts, args: unknown[], types: unknown) {
  const [config, values] = args;
  let held: DriverQuery | undefined;
  const answer = new Promise((resolve, reject) => {
    held = new driver.Query(config as pg.QueryConfig, values as unknown[], (err: unknown, res: unknown) =>
      err ? reject(err) : resolve(res),
    ) as DriverQuery;
  });
  const query = held as DriverQuery;
  if (query._result && !query._result._types) query._result._types = types;
  return { held: query, answer };
}

/**
 * Writes each held statement's Parse (unless the connection has its name), Bind, Describe and
 * Execute with no Sync, then `next`'s statement, whose Sync closes them all, in one write (`next`
 * is told which held statements have a ParseComplete due). Their values are mapped first: if that
 * throws, nothing is written. The Execute is the protocol's own: a COMMIT riding behind
 * (commitWithLastStatement) watches the connection's for the next statement's.
 */
function writeAhead<T>(
  connection: NonNullable<RiderInternals['connection']>,
  held: DriverQuery[],
  driver: DriverParts,
  next: (parses: boolean[]) => T,
): T {
  const values = held.map((q) => (q.values ?? []).map((v) => driver.prepareValue(v)));
  const wire = Object.getPrototypeOf(connection) as NonNullable<RiderInternals['connection']>;
  const parses: boolean[] = [];
  connection.stream.cork();
  try {
    held.forEach((query, i) => {
      const name = query.name;
      const known =
        name !== undefined &&
        (connection.parsedStatements[name] !== undefined ||
          connection.submittedNamedStatements[name] !== undefined);
      if (!known) {
        wire.parse.call(connection, { text: query.text, name, types: query.types } as { text: string });
        if (name) connection.submittedNamedStatements[name] = query.text;
      }
      parses.push(!known);
      wire.bind.call(connection, { statement: name ?? '', values: values[i], binary: query.binary });
      wire.describe.call(connection, { type: 'P', name: '' });
      wire.execute.call(connection, { portal: '' });
    });
    return next(parses);
  } finally {
    connection.stream.uncork();
  }
}

const isSubmittable = (config: unknown) =>
  typeof (config as { submit?: unknown } | null)?.submit === 'function';

/** The error of a statement PostgreSQL skipped because the one sent ahead of it failed. */
function skippedError(cause: unknown): Error {
  return new Error('not run: the statement sent ahead of it failed', { cause });
}
