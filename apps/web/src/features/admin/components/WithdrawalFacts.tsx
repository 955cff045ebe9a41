import type { AdminWithdrawalView } from '@p2p/shared';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/** The facts that decide a request (issue 8): account age, trades, disputes, deposits, address. */
export function WithdrawalFacts({ withdrawal }: { withdrawal: AdminWithdrawalView }) {
  const t = useT();
  const fmt = useFormat();
  const facts = withdrawal.facts;
  if (!facts) return null;
  const used = facts.addressUsedBefore.byThisUser + facts.addressUsedBefore.byOtherUsers;
  return (
    <section className="bo-decision" aria-label={t('bo.wd.facts')} data-testid="withdrawal-facts">
      <h3 className="bo-decision__title">{t('bo.wd.facts')}</h3>
      <dl className="bo-facts">
        <div>
          <dt>{t('bo.wd.accountAge')}</dt>
          <dd className={facts.accountAgeDays < 7 ? 'bo-warn' : undefined}>
            {t('bo.wd.days', { count: facts.accountAgeDays })}
          </dd>
        </div>
        <div>
          <dt>{t('bo.wd.completedTrades')}</dt>
          <dd className="num">{facts.completedTrades}</dd>
        </div>
        <div>
          <dt>{t('bo.wd.openDisputes')}</dt>
          <dd className={facts.openDisputes > 0 ? 'bo-warn num' : 'num'}>{facts.openDisputes}</dd>
        </div>
        <div>
          <dt>{t('bo.wd.deposits7d')}</dt>
          <dd>
            {facts.deposits7d.length === 0
              ? '0'
              : facts.deposits7d.map((d) => (
                  <span key={d.currency} className="bo-block-sm">
                    {d.count} · {fmt.crypto(d.amount, d.currency)}
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt>{t('bo.wd.addressUsed')}</dt>
          <dd>
            {used === 0
              ? t('bo.no')
              : t('bo.wd.addressUsedCount', {
                  mine: facts.addressUsedBefore.byThisUser,
                  others: facts.addressUsedBefore.byOtherUsers,
                })}
          </dd>
        </div>
        {facts.userBlocked ? (
          <div>
            <dt>{t('bo.col.user')}</dt>
            <dd className="bo-warn">{t('bo.users.blocked')}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
