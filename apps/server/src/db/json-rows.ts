import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

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

/**
 * `row_to_json` of the row `alias` with every number as a string, so bigint money columns
 * reach JavaScript exact (a JSON number would pass through a float) and `rowsFromJson` maps
 * them to bigint.
 */
export function exactRowJson(alias: string): SQL {
  return sql.raw(
    `(SELECT json_object_agg(j.key, CASE json_typeof(j.value) WHEN 'number' THEN to_json(j.value #>> '{}') ` +
      `ELSE j.value END) FROM json_each(row_to_json(${alias})) j)`,
  );
}
