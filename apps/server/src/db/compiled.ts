import * as drizzle from 'drizzle-orm';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
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
    const result = await sessionOf(db).prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as { rows: T[] }).rows;
  };
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
  let compiled: { query: Query; fields: Fields; joins: unknown } | undefined;
  return async (db, values) => {
    if (!compiled) {
      const select = build((name) => sql.placeholder(name), builder) as unknown as SelectInternals;
      compiled = {
        query: dialect.sqlToQuery(select.getSQL()),
        fields: orderSelectedFields(select.config.fields),
        joins: select.joinsNotNullableMap,
      };
    }
    const prepared = sessionOf(db).prepareQuery(compiled.query, compiled.fields, undefined, true);
    prepared.joinsNotNullableMap = compiled.joins;
    return (await prepared.execute(values)) as B['_']['result'];
  };
}
