import type { AdminPagination } from '@p2p/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { type MessageKey, useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A back-office screen: its heading (and tab title), optional tools beside it, the body. */
export function AdminPage({
  title,
  tools,
  children,
}: {
  title: string;
  tools?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="bo-page" aria-labelledby="bo-page-title">
      <div className="bo-page__head">
        <h1 id="bo-page-title" className="bo-page__title">
          {title}
        </h1>
        {tools ? <div className="bo-page__tools">{tools}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** The three states of a list before its rows: loading, 'Ошибка загрузки ...' with retry, empty. */
export function ListState({
  loading,
  error,
  empty,
  errorTitle,
  emptyTitle,
  onRetry,
}: {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  errorTitle: string;
  emptyTitle: string;
  onRetry: () => void;
}) {
  const t = useT();
  if (loading) return <LoadingState text={t('bo.loading')} />;
  if (error)
    return (
      <div role="alert">
        <MessageState title={errorTitle} text={error.message}>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('bo.retry')}
          </button>
        </MessageState>
      </div>
    );
  if (empty) return <MessageState title={emptyTitle} />;
  return null;
}

/** Previous / next with "page N of M" over the back office's pagination. */
export function Pager({
  pagination,
  onPage,
}: {
  pagination: AdminPagination;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (pagination.totalPages <= 1)
    return <p className="muted small">{t('bo.total', { count: pagination.total })}</p>;
  return (
    <nav className="bo-pager" aria-label={t('bo.pagination')}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.hasPrev}
        onClick={() => onPage(pagination.page - 1)}
      >
        {t('bo.prev')}
      </button>
      <span className="muted small">
        {t('bo.pageOf', { page: pagination.page, pages: pagination.totalPages })} ·{' '}
        {t('bo.total', { count: pagination.total })}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.hasNext}
        onClick={() => onPage(pagination.page + 1)}
      >
        {t('bo.next')}
      </button>
    </nav>
  );
}

/** The name staff recognise a user by: display name or first + last, then @username. */
export function userLabel(user: {
  firstName: string;
  lastName?: string | null;
  displayName?: string | null;
  username?: string | null;
}): string {
  const name = user.displayName || [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.username ? `${name} (@${user.username})` : name;
}

/** The catalogue key of a dispute reason code (the same labels the parties chose from). */
export function disputeReasonKey(reason: string): MessageKey {
  return `dispute.reason.${reason}` as MessageKey;
}

/**
 * A table that may scroll sideways: a labelled region with a focus stop, so keyboard users
 * can scroll it too (axe: scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a focus stop for keyboard users
    <section className="bo-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

/** A search box with its button: `onSearch` gets the trimmed text when submitted. */
export function SearchForm({
  label,
  hint,
  onSearch,
}: {
  label: string;
  hint?: string;
  onSearch: (text: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="bo-search" onSubmit={submit}>
      <div className="field bo-search__field">
        <label className="field__label" htmlFor={`${id}-q`}>
          {label}
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          value={draft}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        {hint ? (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn--primary">
        {t('bo.search')}
      </button>
    </form>
  );
}
