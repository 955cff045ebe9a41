import type { AdminUserPage } from '@p2p/shared';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { shortId } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { TableWrap, userLabel } from './common';
import { BalancesTable } from './UserBalances';
import { NoteForm } from './UserModeration';

/** A part of the user page (/admin/users/:id): its title, then its content or "none". */
function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      {empty ? <p className="muted">{t('bo.user.none')}</p> : children}
    </section>
  );
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <TableWrap label={caption}>
      <table className="bo-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}

/** The id, registration, Telegram, history and block; an admin's balance and block buttons. */
export function UserHead({
  data,
  isAdmin,
  onBlock,
}: {
  data: AdminUserPage;
  isAdmin: boolean;
  onBlock: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const { user, history } = data;
  return (
    <div className="panel bo-case-head">
      <div>
        <p className="small muted bo-mono">{user.id}</p>
        <p className="small">
          {t('bo.user.registered')}: {fmt.date(user.createdAt, 'short')} · {t('bo.col.telegram')}:{' '}
          {user.telegramId ?? '—'}
        </p>
        <p className="small">
          {t('bo.user.history', {
            completed: history.completedTrades,
            opened: history.disputesOpened,
            lost: history.disputesLost,
          })}
        </p>
        {user.blockedAt ? (
          <p className="alert alert--error" data-testid="user-blocked">
            {t('bo.user.blockedSince', {
              date: fmt.dateTime(user.blockedAt),
              reason: user.blockReason ?? '—',
            })}
          </p>
        ) : null}
      </div>
      {isAdmin ? (
        <div className="bo-actions">
          <Link to={`/admin/balance?userId=${user.id}`} className="btn btn--ghost btn--sm">
            {t('bo.user.balanceOps')}
          </Link>
          <button
            type="button"
            className={`btn btn--sm ${user.blockedAt ? 'btn--primary' : 'btn--sell'}`}
            onClick={onBlock}
          >
            {t(user.blockedAt ? 'bo.user.unblock' : 'bo.user.block')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function UserBalancesSection({ data }: { data: AdminUserPage }) {
  const t = useT();
  const { user } = data;
  return (
    <Section title={t('bo.users.showBalances')} empty={false}>
      <BalancesTable
        rows={user.balances.map((b) => [b.currency, b])}
        caption={t('bo.users.balancesOf', { name: userLabel(user) })}
      />
    </Section>
  );
}

export function UserTrades({ trades }: { trades: AdminUserPage['trades'] }) {
  const t = useT();
  const fmt = useFormat();
  const head = [
    '#',
    t('bo.col.role'),
    t('bo.col.counterparty'),
    t('bo.col.amount'),
    t('bo.col.status'),
    t('bo.col.date'),
  ];
  return (
    <Section title={t('bo.user.trades')} empty={trades.length === 0}>
      <Table caption={t('bo.user.trades')} head={head}>
        {trades.map((tr) => (
          <tr key={tr.id}>
            <td className="bo-mono">{shortId(tr.id)}</td>
            <td>{t(`bo.user.role.${tr.role}`)}</td>
            <td>
              <Link to={`/admin/users/${tr.counterparty.id}`}>{tr.counterparty.name}</Link>
            </td>
            <td className="num">
              {fmt.crypto(tr.amountCrypto, tr.cryptocurrency)} · {fmt.fiat(tr.amountFiat, tr.fiatCurrency)}
            </td>
            <td>{t(`tradeStatus.${tr.status}`)}</td>
            <td>{fmt.dateTime(tr.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function UserDisputes({ disputes }: { disputes: AdminUserPage['disputes'] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Section title={t('bo.user.disputes')} empty={disputes.length === 0}>
      <Table
        caption={t('bo.user.disputes')}
        head={['#', t('bo.disputes.reason'), t('bo.col.result'), t('bo.col.date')]}
      >
        {disputes.map((d) => (
          <tr key={d.tradeId}>
            <td>
              <Link to={`/admin/disputes/${d.tradeId}`} className="bo-mono">
                {shortId(d.tradeId)}
              </Link>
            </td>
            <td>
              {d.reason ?? '—'}
              {d.openedByUser ? <span className="muted small"> · {t('bo.user.openedByUser')}</span> : null}
            </td>
            <td>{d.result ? t(`bo.user.${d.result}`) : t('bo.user.open')}</td>
            <td>{fmt.dateTime(d.openedAt)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function UserWithdrawals({ withdrawals }: { withdrawals: AdminUserPage['withdrawals'] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Section title={t('bo.user.withdrawals')} empty={withdrawals.length === 0}>
      <Table
        caption={t('bo.user.withdrawals')}
        head={[t('bo.col.amount'), t('bo.wd.address'), t('bo.col.status'), t('bo.col.date')]}
      >
        {withdrawals.map((w) => (
          <tr key={w.id}>
            <td className="num">{fmt.crypto(w.amount, w.cryptocurrency)}</td>
            <td className="bo-mono bo-break">{w.toAddress ?? w.addressPreview}</td>
            <td>{t(`bo.wdStatus.${w.status}`)}</td>
            <td>{fmt.dateTime(w.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

export function UserDeposits({ deposits }: { deposits: AdminUserPage['deposits'] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Section title={t('bo.user.deposits')} empty={deposits.length === 0}>
      <Table
        caption={t('bo.user.deposits')}
        head={[t('bo.col.amount'), t('bo.wd.network'), t('bo.col.status'), t('bo.col.date')]}
      >
        {deposits.map((d) => (
          <tr key={d.id}>
            <td className="num">{fmt.crypto(d.amount, d.currency)}</td>
            <td>{d.network}</td>
            <td>{d.status}</td>
            <td>{fmt.dateTime(d.seenAt)}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/** Staff notes, newest as the server orders them, and the form for a new one. */
export function UserNotes({ userId, notes }: { userId: string; notes: AdminUserPage['notes'] }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <section className="panel" aria-label={t('bo.user.notes')}>
      <h2 className="panel__title">{t('bo.user.notes')}</h2>
      {notes.length === 0 ? <p className="muted">{t('bo.user.none')}</p> : null}
      <ul className="bo-plain-list">
        {notes.map((n) => (
          <li key={n.id}>
            <p className="small muted">
              {n.author
                ? `${n.author.firstName} ${n.author.lastName}`.trim() || n.author.email
                : t('bo.audit.system')}{' '}
              · {fmt.dateTime(n.createdAt)}
            </p>
            <p className="bo-chat__text">{n.text}</p>
          </li>
        ))}
      </ul>
      <NoteForm userId={userId} />
    </section>
  );
}
