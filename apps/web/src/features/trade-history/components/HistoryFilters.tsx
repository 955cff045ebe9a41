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
  const [search, setSearch] = useState(filter.q);
  // The address is the source of truth: a reset or back button updates the box.
  const [shown, setShown] = useState(filter.q);
  if (shown !== filter.q) {
    setShown(filter.q);
    setSearch(filter.q);
  }
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...filter, ...patch, page: 1 });

  useEffect(() => {
    if (search.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => onChange({ ...filter, q: search.trim(), page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filter, onChange]);

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
      <div className="field">
        <label htmlFor={`${id}-status`} className="field__label">
          {t('tradeHistory.statusLabel')}
        </label>
        <select
          id={`${id}-status`}
          className="input"
          value={filter.status}
          onChange={(e) => set({ status: e.target.value as HistoryStatus })}
        >
          {HISTORY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABEL[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-coin`} className="field__label">
          {t('tradeHistory.coin')}
        </label>
        <select
          id={`${id}-coin`}
          className="input"
          value={filter.coin}
          onChange={(e) => set({ coin: e.target.value as HistoryFilter['coin'] })}
        >
          <option value="all">{t('tradeHistory.coinAll')}</option>
          {CRYPTOCURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`} className="field__label">
          {t('tradeHistory.roleLabel')}
        </label>
        <select
          id={`${id}-role`}
          className="input"
          value={filter.role}
          onChange={(e) => set({ role: e.target.value as HistoryRole })}
        >
          {HISTORY_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_LABEL[r])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`} className="field__label">
          {t('tradeHistory.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`} className="field__label">
          {t('tradeHistory.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
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
