import * as drizzle from 'drizzle-orm';
import {
  Column,
  DrizzleQueryError,
  entityKind,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  Param,
  Placeholder,
  type Query,
  SQL,
  StringChunk,
  sql,
  Table,
} from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Statements whose SQL text is built once and then run with each call's values
 * (docs/decisions/021-prepared-statements-and-compiled-queries.md).
 *
 * Drizzle builds a statement's text from its parts on every call. For the wide rows and
 * CTEs on a trade action's path that cost 0.2-0.4 ms of the server's CPU per statement, as
 * much as the rest of the request's own code. A compiled statement is written once with
 * placeholders (`p('id')`), turned into text and parameter slots on first use, and each call
 * only fills the slots (a placeholder compared with a column still goes through that
 * column's driver mapping) and maps the rows as Drizzle would. The text is then the same on
 * every call, which is also what lets PostgreSQL keep it prepared (db/prepared-statements.ts).
 *
 * Lists are passed as one array value (`= ANY(p('ids'))`), so a list's length does not change
 * the text.
 */

/** A statement's placeholder by name; the names are the keys of the values each call passes. */
export type Slot<K extends string> = (name: K) => Placeholder;

/** Drizzle's own ordering of a select's fields for mapping its rows (exported, but untyped). */
type Fields = unknown[];
const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => Fields;
};

const dialect = new PgDialect();
const builder = new QueryBuilder();

/** What both drivers' Drizzle sessions offer: a query with known text, run with values. */
interface Session {
  prepareQuery(
    query: Query,
    fields: Fields | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: RowMapper,
  ): { execute(values: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown };
}

const sessionOf = (db: Executor) => (db as unknown as { session: Session }).session;

/** A raw statement (a `sql` template), compiled once; answers its rows as the driver returns them. */
export function compiledSql<K extends string>(
  build: (p: Slot<K>, qb: QueryBuilder) => SQL,
): <T>(db: Executor, values: Record<K, unknown>) => Promise<T[]> {
  let query: Query | undefined;
  return async <T>(db: Executor, values: Record<K, unknown>) => {
    query ??= dialect.sqlToQuery(build((name) => sql.placeholder(name), builder));
    return runRows<T>(db, query, values);
  };
}

/**
 * A raw statement compiled once whose rows are mapped through `fields` (from `wholeRow`), as a
 * select's are: an INSERT … RETURNING of any number of rows passed as arrays, say.
 */
export function compiledRows<K extends string, T>(
  fields: Fields,
  build: (p: Slot<K>) => SQL,
): (db: Executor, values: Record<K, unknown>) => Promise<T[]> {
  let query: Query | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build((name) => sql.placeholder(name)));
    return runMapped<T>(db, { query, fields }, values);
  };
}

/**
 * Runs a statement written as text (its placeholders filled from `values`); answers its rows as
 * the driver returns them.
 */
export async function runRows<T>(
  db: Executor,
  query: Query,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  const session = sessionOf(db);
  const pg = nodePg(session, query);
  if (pg) return (await sendToPg(pg, query, values, false)) as T[];
  const result = await session.prepareQuery(query, undefined, undefined, false).execute(values);
  return (result as { rows: T[] }).rows;
}

/** A statement as text, the fields its rows map through, and for a select its `joinsNotNullableMap`. */
interface MappedStatement {
  query: Query;
  fields: Fields;
  joins?: unknown;
}

/**
 * Runs a statement written as text (its placeholders filled from `values`); answers its rows
 * mapped through its fields as a Drizzle select's.
 */
async function runMapped<T>(
  db: Executor,
  { query, fields, joins }: MappedStatement,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  const session = sessionOf(db);
  const mapper = rowMapper(fields, joins);
  const pg = mapper && nodePg(session, query);
  if (pg) return mapper((await sendToPg(pg, query, values, true)) as unknown[][]) as T[];
  const prepared = session.prepareQuery(query, fields, undefined, true, mapper);
  // For a select its plan leaves to Drizzle's mapping.
  if (joins !== undefined) prepared.joinsNotNullableMap = joins;
  return (await prepared.execute(values)) as T[];
}

/** What a node-postgres session's client (its pool, or a transaction's connection) offers. */
interface PgClient {
  query(config: object, values: unknown[]): Promise<unknown>;
}

type PgTypes = { getTypeParser(oid: number, format?: string): unknown };

/** A node-postgres session's client and the type parsers its statements are sent with. */
interface NodePg {
  client: PgClient;
  types: PgTypes;
}

/** The session's pg client and types when it is node-postgres's (PostgreSQL); null on PGlite. */
function nodePg(session: Session, query: Query): NodePg | null {
  const kind = (session.constructor as unknown as Record<symbol, unknown>)[entityKind];
  const client = kind === 'NodePgSession' ? (session as unknown as { client?: PgClient }).client : undefined;
  return client ? { client, types: typesOf(session, query) } : null;
}

/**
 * Drizzle's node-postgres type parsers (dates, times and intervals left as the server's text,
 * for the columns' own mapping), each looked up once: Drizzle's own hands pg a new parser for
 * every field of every answer.
 */
let pgTypes: PgTypes | null = null;

function typesOf(session: Session, query: Query) {
  if (pgTypes) return pgTypes;
  const prepared = session.prepareQuery(query, undefined, undefined, false) as unknown as {
    rawQueryConfig: { types: PgTypes };
  };
  const drizzleTypes = prepared.rawQueryConfig.types;
  // Results come in the text format; a parser per type id, and only the rare binary field asks
  // Drizzle's types each time.
  const textParsers = new Map<number, unknown>();
  pgTypes = {
    getTypeParser(oid, format) {
      if (format !== undefined && format !== 'text') return drizzleTypes.getTypeParser(oid, format);
      let parser = textParsers.get(oid);
      if (parser === undefined) {
        parser = drizzleTypes.getTypeParser(oid, format);
        textParsers.set(oid, parser);
      }
      return parser;
    },
  };
  return pgTypes;
}

/**
 * A statement straight to node-postgres, as Drizzle's session would send it (the same text,
 * values and type parsers, and a failure wrapped as its `DrizzleQueryError`), without the
 * session's per-call prepared-query object, its spans and its cache layer: on an action's path
 * those cost more than building the statement (docs/decisions/066). Its rows are the ones
 * Drizzle's session answers: arrays for a row mapper, objects by column name otherwise.
 */
async function sendToPg(
  { client, types }: NodePg,
  query: Query,
  values: Record<string, unknown>,
  arrays: boolean,
): Promise<unknown[]> {
  const params = fillPlaceholders(query.params, values);
  // Rows come as arrays either way: pg's own objects cost a template object per answer and a
  // copy of it per row (docs/decisions/066); they are built here from the fields' names instead.
  const config = { text: query.sql, rowMode: 'array', types };
  let result: { rows: unknown[][]; fields: { name: string }[] };
  try {
    result = (await client.query(config, params)) as typeof result;
  } catch (error) {
    throw new DrizzleQueryError(query.sql, params, error as Error);
  }
  return arrays ? result.rows : rowsAsObjects(result.rows, result.fields);
}

/** Rows as objects keyed by their fields' names, in order (a later field of the same name wins). */
function rowsAsObjects(rows: unknown[][], fields: { name: string }[]): Record<string, unknown>[] {
  const names = fields.map((field) => field.name);
  return rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i] as string] = row[i];
    return object;
  });
}

/** The parts of a Drizzle select builder that running it needs (internal to Drizzle). */
interface SelectInternals {
  getSQL(): SQL;
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap?: unknown;
}

/**
 * A select built with Drizzle's query builder (`qb.select().from(...)`), compiled once; answers
 * the rows the same builder run directly would (selected fields, joined tables' nullability).
 */
export function compiledSelect<K extends string, B extends { _: { result: unknown } }>(
  build: (p: Slot<K>, qb: QueryBuilder) => B,
): (db: Executor, values: Record<K, unknown>) => Promise<B['_']['result']> {
  let compiled: MappedStatement | undefined;
  return async (db, values) => {
    if (!compiled) {
      const select = build((name) => sql.placeholder(name), builder) as unknown as SelectInternals;
      compiled = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select.config.fields),
        joins: select.joinsNotNullableMap,
      };
    }
    return (await runMapped(db, compiled, values)) as B['_']['result'];
  };
}

/** A value of a `StatementText`, bound as a parameter. */
class Bound {
  constructor(readonly value: unknown) {}
}

type TextPart = string | Bound | SQL | Table | Column;

/**
 * A statement whose shape changes from call to call (a transition's changed columns, its CTEs),
 * written straight into text and values: the parts this class writes (names, values, a row's
 * INSERT, an UPDATE's assignments) never become Drizzle objects, which Drizzle would then check
 * against a dozen kinds each, walking their class chains (docs/decisions/051, 055, 064). A `sql`
 * piece built elsewhere is flattened in by `flatQuery`'s short road; if any part is one that
 * road leaves to Drizzle, the whole statement is handed to Drizzle instead, so the text and
 * values are always Drizzle's.
 */
export class StatementText {
  private readonly parts: TextPart[] = [];

  /** Text as it is (never a value: values go through `value`). */
  raw(text: string): this {
    this.parts.push(text);
    return this;
  }

  /** A table's or a column's quoted name, as Drizzle writes it. */
  name(part: Table | Column): this {
    this.parts.push(part);
    return this;
  }

  /** A parameter: `value` through `column`'s driver mapping when a column is given. */
  value(value: unknown, column?: Column): this {
    this.parts.push(new Bound(value === null || !column ? value : column.mapToDriverValue(value)));
    return this;
  }

  /** A `sql` piece built elsewhere, its values included. */
  sql(piece: SQL): this {
    this.parts.push(piece);
    return this;
  }

  /**
   * `INSERT INTO t (…) VALUES (…)` (no RETURNING) of one row: only the fields given, each through
   * its column's driver mapping as Drizzle's builder maps it; the rest take the table's defaults.
   * Drizzle's builder lists every column of the table (`default` for the missing ones) and costs
   * several times more to turn into text. Not for tables whose columns fill themselves in
   * JavaScript (`$defaultFn`): refused.
   */
  insertRow<T extends Table>(table: T, values: T['$inferInsert']): this {
    const { columns, fillsItself } = columnsOf(table);
    if (fillsItself) throw new Error(`${getTableName(table)}.${fillsItself} fills itself: use the builder`);
    const named: { column: ColumnText; value: unknown }[] = [];
    for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
      if (value === undefined) continue;
      const column = columns.get(key);
      if (!column) throw new Error(`${getTableName(table)} has no field ${key}`);
      named.push({ column, value });
    }
    this.raw('INSERT INTO ')
      .name(table)
      .raw(` (${named.map((n) => n.column.quoted).join(', ')}) VALUES (`);
    for (const [i, { column, value }] of named.entries()) {
      if (i > 0) this.raw(', ');
      this.value(value, column.column);
    }
    return this.raw(')');
  }

  /**
   * An UPDATE's `col = value, …` for the fields given (a `sql` piece as it is, anything else
   * through its column's driver mapping, as Drizzle's builder maps them). Not for tables with a
   * column that updates itself in JavaScript (`$onUpdateFn`: the builder sets it on every update).
   */
  set<T extends Table>(
    table: T,
    changes: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL },
  ): this {
    const { columns, updatesItself } = columnsOf(table);
    if (updatesItself)
      throw new Error(`${getTableName(table)}.${updatesItself} updates itself: use the builder`);
    let first = true;
    for (const [key, value] of Object.entries(changes as Record<string, unknown>)) {
      if (value === undefined) continue;
      const column = columns.get(key);
      if (!column) throw new Error(`${getTableName(table)} has no field ${key}`);
      this.raw(first ? `${column.quoted} = ` : `, ${column.quoted} = `);
      if (value instanceof SQL) this.sql(value);
      else this.value(value, column.column);
      first = false;
    }
    if (first) throw new Error(`an update of ${getTableName(table)} with nothing to set`);
    return this;
  }

  /** The statement's text and values, as Drizzle's `sqlToQuery` writes them. */
  query(): Query {
    const text: string[] = [];
    const params: unknown[] = [];
    for (const part of this.parts) {
      if (typeof part === 'string') text.push(part);
      else if (part instanceof Bound) {
        if (!isPlainValue(part.value)) return this.drizzleQuery();
        params.push(part.value);
        text.push(`$${params.length}`);
      } else if (part instanceof SQL) {
        if (!flatten(part, text, params)) return this.drizzleQuery();
      } else {
        const name = nameOf(part);
        if (name === null) return this.drizzleQuery();
        text.push(name);
      }
    }
    return { sql: text.join(''), params };
  }

  /** The same statement written by Drizzle (for a part the short road leaves to it, and tests). */
  drizzleQuery(): Query {
    const chunks = this.parts.map((part) =>
      typeof part === 'string' ? sql.raw(part) : part instanceof Bound ? sql.param(part.value) : part,
    );
    return dialect.sqlToQuery(sql.join(chunks));
  }
}

/**
 * Every column of `table` for a RETURNING or a select list (text built once per table), and the
 * fields that map its rows as a Drizzle select of the table would; `extra` fields come after.
 */
export function wholeRow<T extends Table, E extends Record<string, SQL>>(
  table: T,
  extra: E,
): { list: SQL; fields: Fields } {
  const { columns } = columnsOf(table);
  return {
    list: sql.raw([...columns.values()].map((c) => c.qualified).join(', ')),
    fields: orderSelectedFields({ ...getTableColumns(table), ...extra }),
  };
}

/**
 * Runs a statement built for this call and maps its rows through `fields` (from `wholeRow`),
 * as Drizzle maps a select's: each column's driver mapping, in the fields' order.
 */
export async function queryMapped<T>(
  db: Executor,
  statement: SQL | StatementText,
  fields: Fields,
): Promise<T[]> {
  const query = statement instanceof StatementText ? statement.query() : flatQuery(statement);
  return runMapped<T>(db, { query, fields });
}

/** Rows in array form mapped to objects by field (a Drizzle session's `customResultMapper`). */
type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** Drizzle's field of a select as `orderSelectedFields` orders them (internal to Drizzle). */
interface OrderedField {
  path: string[];
  field: unknown;
}

const rowMappers = new WeakMap<Fields, RowMapper | undefined>();

/** Where one field's value goes in a mapped row (its path), and its driver mapping. */
interface FieldPlan {
  path: string[];
  decoder: Decoder;
}

/**
 * A nested table an outer join may not have found: Drizzle makes the whole object null when the
 * first of its columns in the row is null (`at`, the field's index).
 */
interface MissingTable {
  key: string;
  at: number;
}

interface RowPlan {
  fields: FieldPlan[];
  missing: MissingTable[];
}

/**
 * Maps a select's rows as Drizzle's own mapping does (each value through its field's driver
 * mapping, at the field's path; a nested table an outer join did not find, null), with each
 * field's mapping and each such table found once per statement rather than once per row and
 * field by a chain of class checks (docs/decisions/062). `joins` is Drizzle's
 * `joinsNotNullableMap`: the select's tables, true for those every row has. A select with a
 * field of another kind is left to Drizzle (undefined).
 */
function rowMapper(fields: Fields, joins?: unknown): RowMapper | undefined {
  if (rowMappers.has(fields)) return rowMappers.get(fields);
  const plan = planOf(fields as OrderedField[], joins as Record<string, boolean> | undefined);
  const mapper: RowMapper | undefined = plan ? (rows) => rows.map((row) => mapRow(plan, row)) : undefined;
  rowMappers.set(fields, mapper);
  return mapper;
}

function planOf(fields: OrderedField[], joins: Record<string, boolean> | undefined): RowPlan | null {
  const plan: FieldPlan[] = [];
  // Per nested object, as Drizzle decides it: the table of its first column and where that is,
  // or false when its columns come from more than one table.
  const nested = new Map<string, { table: string; at: number } | false>();
  for (const [i, { path, field }] of fields.entries()) {
    const decoder = decoderOf(field);
    if (!decoder || path.length === 0) return null;
    plan.push({ path, decoder });
    const key = path[0] as string;
    if (!joins || path.length !== 2 || !(field instanceof Column)) continue;
    const table = getTableName(field.table);
    const seen = nested.get(key);
    if (seen === undefined) nested.set(key, { table, at: i });
    else if (seen && seen.table !== table) nested.set(key, false);
  }
  const missing: MissingTable[] = [];
  for (const [key, seen] of nested) if (seen && !joins?.[seen.table]) missing.push({ key, at: seen.at });
  return { fields: plan, missing };
}

function mapRow(plan: RowPlan, row: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values: unknown[] = [];
  for (let i = 0; i < plan.fields.length; i++) {
    const { path, decoder } = plan.fields[i] as FieldPlan;
    let node = out;
    for (let j = 0; j < path.length - 1; j++) {
      const key = path[j] as string;
      if (node[key] === undefined) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const raw = row[i];
    const value = raw === null ? null : decoder.mapFromDriverValue(raw);
    node[path[path.length - 1] as string] = value;
    values.push(value);
  }
  for (const { key, at } of plan.missing) if (values[at] === null) out[key] = null;
  return out;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A select field's driver mapping, as Drizzle's row mapping finds it; null for other kinds. */
function decoderOf(field: unknown): Decoder | null {
  const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
  if (field instanceof Column) return field;
  if (field instanceof SQL) return decoderOfSql(field);
  if (field instanceof SQL.Aliased) return decoderOfSql(field.sql);
  return null;
}

/**
 * A statement built for one call as text and values, as Drizzle's `sqlToQuery` writes it, by a
 * shorter road for the parts such statements are made of: text, nested `sql` templates, tables
 * and columns by name, values and bound parameters (mapped by their column's driver mapping).
 * Drizzle asks every part what it is against a dozen kinds, walking its class chain for each
 * (docs/decisions/055). Any other part (a name, a list, a placeholder, inlined values, a table
 * in a named schema) makes it hand the whole statement to Drizzle.
 */
export function flatQuery(statement: SQL): Query {
  return shortRoad(statement) ?? dialect.sqlToQuery(statement);
}

/** `flatQuery`'s short road alone: null for a statement with a part it leaves to Drizzle. */
export function shortRoad(statement: SQL): Query | null {
  const text: string[] = [];
  const params: unknown[] = [];
  return flatten(statement, text, params) ? { sql: text.join(''), params } : null;
}

const inlines = (s: SQL) => (s as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** Appends `statement`'s text and values; false at the first part it leaves to Drizzle. */
function flatten(statement: SQL, text: string[], params: unknown[]): boolean {
  if (inlines(statement)) return false;
  for (const chunk of statement.queryChunks) {
    if (chunk instanceof StringChunk) {
      for (const part of chunk.value) text.push(part);
    } else if (chunk instanceof SQL) {
      if (!flatten(chunk, text, params)) return false;
    } else if (chunk instanceof Table || chunk instanceof Column) {
      const name = nameOf(chunk);
      if (name === null) return false;
      text.push(name);
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (!isPlainValue(value)) return false;
      params.push(value);
      text.push(`$${params.length}`);
    } else if (isPlainValue(chunk)) {
      params.push(chunk);
      text.push(`$${params.length}`);
    } else return false;
  }
  return true;
}

/** The key of a table's schema name, as Drizzle's tables hold it (`Table.Symbol.Schema`). */
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');

/**
 * A table's or a column's quoted name as Drizzle writes it (`"t"`, `"t"."c"`), for tables
 * outside any named schema and columns named in the schema; null for anything else.
 */
function nameOf(part: Table | Column): string | null {
  const table = part instanceof Table ? part : part.table;
  if ((table as unknown as Record<symbol, unknown>)[TABLE_SCHEMA] !== undefined) return null;
  const tableName = `"${getTableName(table)}"`;
  if (part instanceof Table) return tableName;
  if ((part as unknown as { keyAsName?: boolean }).keyAsName) return null;
  return `${tableName}."${part.name}"`;
}

/** A value the driver is given as it is: a primitive, null, a date or bytes. */
function isPlainValue(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return true;
    case 'object':
      return value instanceof Date || value instanceof Uint8Array;
    default:
      return false;
  }
}

interface ColumnText {
  column: Column;
  /** `"name"` */
  quoted: string;
  /** `"table"."name"` */
  qualified: string;
}

/** A table's columns by field name, as text, and the first column that fills or updates itself. */
interface TableText {
  columns: Map<string, ColumnText>;
  fillsItself: string | null;
  updatesItself: string | null;
}

const tableTexts = new WeakMap<Table, TableText>();

/** A table's columns by field name, as text (built once per table). */
export const columnTexts = (table: Table): ReadonlyMap<string, ColumnText> => columnsOf(table).columns;

function columnsOf(table: Table): TableText {
  let known = tableTexts.get(table);
  if (!known) {
    const tableName = getTableName(table);
    const all = Object.entries(getTableColumns(table));
    known = {
      columns: new Map(
        all.map(([key, column]) => [
          key,
          {
            column,
            quoted: `"${column.name}"`,
            qualified: `"${tableName}"."${column.name}"`,
          },
        ]),
      ),
      fillsItself: all.find(([, column]) => column.defaultFn)?.[1].name ?? null,
      updatesItself: all.find(([, column]) => column.onUpdateFn)?.[1].name ?? null,
    };
    tableTexts.set(table, known);
  }
  return known;
}
