import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditLogView } from '@p2p/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState, Pager } from '../components/common';
import { StateDiff } from '../components/StateDiff';

interface Filters {
  adminId: string;
  action: string;
  entityType: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { adminId: '', action: '', entityType: '', from: '', to: '' };

/** /admin/audit: 50 a page, filtered by staff member, action, entity type and dates. */
export function AuditPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const query = useQuery({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: () =>
      adminApi.auditLogs({
        page,
        adminId: filters.adminId || undefined,
        action: filters.action || undefined,
        entityType: filters.entityType || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const filter = (next: Filters) => {
    setPage(1);
    setFilters(next);
  };
  const logs = query.data?.logs ?? [];
  return (
    <AdminPage title={t('bo.audit.title')}>
      <AuditFilters onApply={filter} />
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={logs.length === 0}
        errorTitle={t('bo.audit.loadError')}
        emptyTitle={t('bo.audit.empty')}
        onRetry={() => void query.refetch()}
      />
      <ul className="bo-cards" aria-label={t('bo.audit.title')}>
        {logs.map((log) => (
          <AuditEntry key={log.id} log={log} />
        ))}
      </ul>
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
    </AdminPage>
  );
}

/** The filters as typed; applied (trimmed) on submit, all cleared by «Сбросить». */
function AuditFilters({ onApply }: { onApply: (filters: Filters) => void }) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const staff = useQuery({ queryKey: ['admin', 'staff'], queryFn: adminApi.staff, staleTime: 300_000 });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      adminId: draft.adminId.trim(),
      action: draft.action.trim(),
      entityType: draft.entityType.trim(),
    });
  };
  const field = { id, draft, onDraft: setDraft };
  const staffOptions = (staff.data?.staff ?? []).map((m) => ({
    value: m.id,
    label: `${m.firstName} ${m.lastName} · ${m.email}`.trim(),
  }));
  return (
    <form className="panel bo-filters" onSubmit={apply} aria-label={t('bo.audit.filters')}>
      <FilterSelect {...field} name="adminId" label={t('bo.audit.staff')} options={staffOptions} />
      <FilterSelect
        {...field}
        name="action"
        label={t('bo.audit.action')}
        options={AUDIT_ACTIONS.map(asOption)}
      />
      <FilterSelect
        {...field}
        name="entityType"
        label={t('bo.audit.entityType')}
        options={AUDIT_ENTITY_TYPES.map(asOption)}
      />
      <FilterDate {...field} name="from" label={t('bo.audit.from')} />
      <FilterDate {...field} name="to" label={t('bo.audit.to')} />
      <div className="bo-actions bo-filters__actions">
        <button type="submit" className="btn btn--primary">
          {t('bo.audit.apply')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('bo.audit.reset')}
        </button>
      </div>
    </form>
  );
}

const asOption = (value: string) => ({ value, label: value });

interface FilterProps {
  id: string;
  draft: Filters;
  onDraft: (draft: Filters) => void;
  name: keyof Filters;
  label: string;
}

function FilterDate({ id, draft, onDraft, name, label }: FilterProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type="date"
        value={draft[name]}
        onChange={(e) => onDraft({ ...draft, [name]: e.target.value })}
      />
    </div>
  );
}

function FilterSelect({
  id,
  draft,
  onDraft,
  name,
  label,
  options,
}: FilterProps & { options: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        className="input"
        value={draft[name]}
        onChange={(e) => onDraft({ ...draft, [name]: e.target.value })}
      >
        <option value="">{t('bo.audit.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function AuditEntry({ log }: { log: AuditLogView }) {
  const t = useT();
  const fmt = useFormat();
  const who = log.admin
    ? `${log.admin.firstName} ${log.admin.lastName} · ${log.admin.email}`
    : t('bo.audit.system');
  return (
    <li className="panel bo-card" data-testid="audit-entry" data-action={log.action}>
      <div className="bo-card__head">
        <span className="bo-strong bo-mono">{log.action}</span>
        <span className="muted small">{fmt.dateTime(log.createdAt)}</span>
      </div>
      <dl className="bo-facts">
        <div>
          <dt>{t('bo.audit.who')}</dt>
          <dd>{who}</dd>
        </div>
        <div>
          <dt>{t('bo.audit.entity')}</dt>
          <dd className="bo-mono bo-break">
            {log.entityType}
            {log.entityId ? ` · ${log.entityId}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('bo.audit.ip')}</dt>
          <dd className="bo-mono">{log.ipAddress ?? '—'}</dd>
        </div>
        <div className="bo-facts__wide">
          <dt>{t('bo.audit.userAgent')}</dt>
          <dd className="bo-break small">{log.userAgent ?? '—'}</dd>
        </div>
        {log.note ? (
          <div className="bo-facts__wide">
            <dt>{t('bo.audit.note')}</dt>
            <dd>{log.note}</dd>
          </div>
        ) : null}
      </dl>
      <StateDiff
        before={log.beforeState}
        after={log.afterState}
        caption={`${t('bo.audit.diff')}: ${log.action}`}
      />
    </li>
  );
}
