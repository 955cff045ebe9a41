import type { OrderTrader, UnmetCondition } from '@p2p/shared';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { takerConditionsOf } from '../lib/taker-conditions';

/**
 * A merchant's figures on an order card, all from their trades (docs/decisions/028): trades of
 * the last 30 days, completion rate, average release and payment times. No data reads "—".
 */
export function MerchantFigures({
  user,
}: {
  user: Pick<OrderTrader, 'trades_30d' | 'completion_rate' | 'avg_release_time' | 'avg_payment_time'>;
}) {
  const t = useT();
  const fmt = useFormat();
  const time = (s: number | null) => (s === null ? EMPTY : fmt.duration(s));
  const figures = [
    ['merchant.trades30d', String(user.trades_30d)],
    ['merchant.completion', user.completion_rate === null ? EMPTY : fmt.percent(user.completion_rate)],
    ['merchant.avgRelease', time(user.avg_release_time)],
    ['merchant.avgPayment', time(user.avg_payment_time)],
  ] as const;
  return (
    <dl className="merchant-figures small" data-testid="merchant-figures">
      {figures.map(([key, value]) => (
        <div key={key}>
          <dt className="muted">{t(key)}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** «Условия: от 10 сделок · аккаунт от 30 дней · рейтинг от 4,5», or nothing without any. */
export function TakerConditionsLine({ order }: { order: Parameters<typeof takerConditionsOf>[0] }) {
  const t = useT();
  const fmt = useFormat();
  const c = takerConditionsOf(order);
  const parts: string[] = [];
  if (c.minTrades) parts.push(t('conditions.chipTrades', { min: c.minTrades }));
  if (c.minAgeDays) parts.push(t('conditions.chipAge', { min: c.minAgeDays }));
  if (c.minRatingTenths) parts.push(t('conditions.chipRating', { min: fmt.rating(c.minRatingTenths / 10) }));
  if (parts.length === 0) return null;
  return (
    <p className="taker-conditions small muted">
      {t('conditions.label')}: {parts.join(' · ')}
    </p>
  );
}

/** «Вы не подходите под условия» with the condition and its value, in the server's words. */
export function UnmetNotice({ unmet, id }: { unmet: UnmetCondition; id?: string }) {
  const t = useT();
  return (
    <p className="taker-unmet small" id={id} data-testid="taker-unmet">
      <strong>{t('conditions.notEligible')}</strong>. {t(unmet.key, unmet.values)}
    </p>
  );
}
