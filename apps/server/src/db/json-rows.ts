import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { columnTexts } from './compiled.ts';

/**
 * Rows of `table` that came back as JSON objects (`json_agg` of a `SELECT *`), mapped to what
 * a Drizzle select of the table returns: keys by field name, each value through its column's
 * own driver mapping (timestamps to Date, bigint columns to bigint). Lets one statement carry
 * several tables' rows.
 */
export function rowsFromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'][] {
  if (!Array.isArray(json)) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return json.map((raw: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}

/** Column types whose values JSON would carry as numbers that a float cannot hold exactly. */
const WIDE_NUMBER = /^(bigint|bigserial|numeric)/;

/**
 * The columns of `table`'s row `alias` as a select list for a JSON row: bigint and numeric
 * columns as text, so money reaches JavaScript exact (a JSON number would pass through a float)
 * and `rowsFromJson` maps them to bigint; the others as they are. Written per column, once per
 * statement's text: PostgreSQL then builds the JSON straight from the row, with no pass over its
 * keys (docs/decisions/052).
 */
export function exactColumns(table: Table, alias: string): SQL {
  return sql.raw(
    [...columnTexts(table).values()]
      .map(({ column, quoted }) =>
        WIDE_NUMBER.test(column.getSQLType())
          ? `${alias}.${quoted}::text AS ${quoted}`
          : `${alias}.${quoted}`,
      )
      .join(', '),
  );
}

/** The row `alias` of `table` as a JSON object, its wide numbers as text (`exactColumns`). */
export function exactRowJson(table: Table, alias: string): SQL {
  return sql`(SELECT row_to_json(r) FROM (SELECT ${exactColumns(table, alias)}) r)`;
}
