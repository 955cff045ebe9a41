import { useT } from '@/i18n';
import { TableWrap } from './common';

type State = Record<string, unknown> | null;

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an audit entry changed, before and after (unchanged fields are left out). */
export function diffOf(before: State, after: State): { field: string; before: unknown; after: unknown }[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields]
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}

export function StateDiff({ before, after, caption }: { before: State; after: State; caption: string }) {
  const t = useT();
  const rows = diffOf(before, after);
  if (rows.length === 0) return <p className="muted small">{t('bo.audit.noDiff')}</p>;
  return (
    <TableWrap label={caption}>
      <table className="bo-table bo-table--diff">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bo.audit.field')}</th>
            <th scope="col">{t('bo.audit.before')}</th>
            <th scope="col">{t('bo.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row" className="bo-mono">
                {row.field}
              </th>
              <td className="bo-mono bo-diff--before">{show(row.before)}</td>
              <td className="bo-mono bo-diff--after">{show(row.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
