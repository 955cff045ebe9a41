import { CRYPTOCURRENCIES } from '@p2p/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type MessageKey, useT } from '@/i18n';
import {
  HISTORY_ROLES,
  HISTORY_STATUSES,
  type HistoryFilter,
  type HistoryRole,
  type HistoryStatus,
  isFiltered,
} from '../lib/filters';

const STATUS_LABEL: Record<HistoryStatus, MessageKey> = {
  all: 'tradeHistory.status.all',
  active: 'tradeHistory.status.active',
  completed: 'tradeHistory.status.completed',
  cancelled: 'tradeHistory.status.cancelled',
  disputed: 'tradeHistory.status.disputed',
};
const ROLE_LABEL: Record<HistoryRole, MessageKey> = {
  all: 'tradeHistory.role.all',
  buyer: 'tradeHistory.role.buyer',
  seller: 'tradeHistory.role.seller',
};

/** Typing pauses this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * The search box's text: sent when typing pauses or on Enter; the address is the source of
 * truth, so a reset or back button updates the box.
 */
function useSearchBox(filter: HistoryFilter, onChange: (next: HistoryFilter) => void) {
  const [search, setSearch] = useState(filter.q);
  const [shown, setShown] = useState(filter.q);
  if (shown !== filter.q) {
    setShown(filter.q);
    setSearch(filter.q);
  }
  useEffect(() => {
    if (search.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => onChange({ ...filter, q: search.trim(), page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);
  return { search, setSearch };
}

/** Search, status, coin, role and date range; every change goes back to page 1. */
export function HistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange: (next: HistoryFilter) => void;
}) {
  const t = useT();
  const id = useId();
  const { search, setSearch } = useSearchBox(filter, onChange);
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: search.trim() });
  };

  return (
    <form className="panel th-filters" onSubmit={submit} aria-label={t('tradeHistory.filters')}>
      <div className="field th-filters__search">
        <label htmlFor={`${id}-q`} className="field__label">
          {t('tradeHistory.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          value={search}
          maxLength={100}
          placeholder={t('tradeHistory.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <FilterChoices id={id} filter={filter} onPatch={set} />
      <DateField
        id={`${id}-from`}
        label={t('tradeHistory.from')}
        value={filter.from}
        max={filter.to}
        onChange={(from) => set({ from })}
      />
      <DateField
        id={`${id}-to`}
        label={t('tradeHistory.to')}
        value={filter.to}
        min={filter.from}
        onChange={(to) => set({ to })}
      />
      <div className="th-filters__actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={!isFiltered(filter)}
          onClick={() => {
            setSearch('');
            onChange({ status: 'all', coin: 'all', role: 'all', from: '', to: '', q: '', page: 1 });
          }}
        >
          {t('tradeHistory.reset')}
        </button>
      </div>
    </form>
  );
}

function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Status, coin and role. */
function FilterChoices({
  id,
  filter,
  onPatch,
}: {
  id: string;
  filter: HistoryFilter;
  onPatch: (patch: Partial<HistoryFilter>) => void;
}) {
  const t = useT();
  const coins = [
    { value: 'all' as const, label: t('tradeHistory.coinAll') },
    ...CRYPTOCURRENCIES.map((c) => ({ value: c, label: c })),
  ];
  return (
    <>
      <SelectField
        id={`${id}-status`}
        label={t('tradeHistory.statusLabel')}
        value={filter.status}
        options={HISTORY_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
        onChange={(status) => onPatch({ status })}
      />
      <SelectField
        id={`${id}-coin`}
        label={t('tradeHistory.coin')}
        value={filter.coin}
        options={coins}
        onChange={(coin) => onPatch({ coin })}
      />
      <SelectField
        id={`${id}-role`}
        label={t('tradeHistory.roleLabel')}
        value={filter.role}
        options={HISTORY_ROLES.map((r) => ({ value: r, label: t(ROLE_LABEL[r]) }))}
        onChange={(role) => onPatch({ role })}
      />
    </>
  );
}

/** A calendar day bounded by the other end of the range. */
function DateField({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="input"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
