import { useState } from 'react';
import { useT } from '@/i18n';

export interface FilterOption {
  value: string;
  label: string;
}

/** "all" and 4 top options are always shown; the rest sit under "+N ещё". */
const VISIBLE = 5;

interface FilterBarProps {
  label: string;
  /** The first option is "all" (value ''). */
  options: FilterOption[];
  value: string;
  onChange: (value: string) => void;
}

/** One row of filter buttons (aria-pressed) with an expander for the rest. */
export function FilterBar({ label, options, value, onChange }: FilterBarProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const hidden = options.slice(VISIBLE);
  // A chosen option never hides behind the expander.
  const shown = expanded
    ? options
    : [...options.slice(0, VISIBLE), ...hidden.filter((option) => option.value === value)];
  const rest = options.length - shown.length;
  return (
    <fieldset className="filter-bar">
      <legend className="filter-bar__label">{label}</legend>
      <div className="filter-bar__options">
        {shown.map((option) => (
          <button
            key={option.value || 'all'}
            type="button"
            className="filter-chip"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
        {hidden.length > 0 ? (
          <button
            type="button"
            className="filter-chip filter-chip--more"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? t('market.filters.less') : t('market.filters.more', { count: rest })}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
