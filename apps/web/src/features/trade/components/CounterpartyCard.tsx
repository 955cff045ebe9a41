import type { TradeParty, TradeView } from '@p2p/shared';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { levelReasons, RISK_BAR, riskLevel, TRUST_BAR, trustLevel } from '../lib/reputation';

function Figures({ party }: { party: TradeParty }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <dl className="rep-figures">
      <div>
        <dt>{t('trade.rep.rating')}</dt>
        <dd className="num">{party.rating === null ? EMPTY : <>★ {fmt.rating(party.rating)}</>}</dd>
      </div>
      <div>
        <dt>{t('trade.rep.trades')}</dt>
        <dd className="num">{party.tradesCount}</dd>
      </div>
      <div>
        <dt>{t('trade.rep.completion')}</dt>
        <dd className="num">{party.completionRate === null ? EMPTY : fmt.percent(party.completionRate)}</dd>
      </div>
      <div>
        <dt>{t('partyUi.avgResponse')}</dt>
        <dd className="num">
          {party.avgResponseTime === null ? EMPTY : fmt.duration(party.avgResponseTime)}
        </dd>
      </div>
      <div>
        <dt>{t('partyUi.disputes')}</dt>
        <dd className="num">{party.disputeCount}</dd>
      </div>
    </dl>
  );
}

/** The level of the party the viewer trades with: the seller's trust for a buyer, the buyer's risk for a seller. */
function counterpartyLevel(party: TradeParty, forBuyer: boolean) {
  // Disputes weigh in the buyer's risk only, not in the seller's trust.
  const figures = {
    rating: party.rating,
    tradesCount: party.tradesCount,
    completionRate: party.completionRate,
    ...(forBuyer ? {} : { disputeCount: party.disputeCount }),
  };
  const level = forBuyer ? trustLevel(figures) : riskLevel(figures);
  const bar = forBuyer
    ? TRUST_BAR[level as keyof typeof TRUST_BAR]
    : RISK_BAR[level as keyof typeof RISK_BAR];
  const tone =
    level === 'unknown'
      ? 'unknown'
      : forBuyer
        ? { high: 'good', medium: 'mid', low: 'bad' }[level]
        : { low: 'good', medium: 'mid', high: 'bad' }[level];
  const textKey = forBuyer
    ? (`trade.trust.${level as 'high' | 'medium' | 'low' | 'unknown'}` as const)
    : (`trade.risk.${level as 'high' | 'medium' | 'low' | 'unknown'}` as const);
  return { bar, tone, textKey, reasons: levelReasons(figures) };
}

/**
 * The counterparty with a level computed from their real figures (docs/product/trading-rules.md):
 * the buyer sees the seller's trust, the seller the buyer's risk, each with the facts that
 * decided it. Missing figures are shown as '—', never filled in.
 */
export function CounterpartyCard({ trade }: { trade: TradeView }) {
  const t = useT();
  const fmt = useFormat();
  if (trade.userRole === 'observer') return null;
  const forBuyer = trade.userRole === 'buyer';
  const party = forBuyer ? trade.seller : trade.buyer;
  const { bar, tone, textKey, reasons } = counterpartyLevel(party, forBuyer);
  const title = forBuyer ? t('trade.rep.sellerTitle') : t('trade.rep.buyerTitle');
  const levelText = t(textKey);
  return (
    <section className="panel rep-card" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      <div className="rep-card__who">
        <Avatar name={party.effectiveName} src={party.avatarUrl} />
        <div className="rep-card__name">
          <Link to={`/user/${party.id}`}>{party.effectiveName}</Link>
          {party.verified ? (
            <span className="badge badge--buy">
              <Icon name="check" size={12} /> {t('trade.rep.verified')}
            </span>
          ) : null}
          {party.username ? <span className="muted small">@{party.username}</span> : null}
        </div>
      </div>
      <div className={`rep-level rep-level--${tone}`}>
        <div className="rep-level__row">
          <span>{t(forBuyer ? 'trade.trust.label' : 'trade.risk.label')}</span>
          <strong>{levelText}</strong>
        </div>
        <div className="rep-level__bar" aria-hidden="true">
          <span style={{ width: `${bar}%` }} />
        </div>
      </div>
      {/* The level explains itself from the figures it was computed from. */}
      <ul className="rep-level__reasons small" aria-label={t('trade.reason.title')}>
        {reasons.map((reason) => (
          <li key={reason.key}>
            {t(reason.key, {
              rating: fmt.rating(reason.value ?? 0),
              count: reason.value ?? 0,
              percent: fmt.percent(reason.value ?? 0),
            })}
          </li>
        ))}
      </ul>
      <Figures party={party} />
      <p className="muted small">{t(forBuyer ? 'trade.trust.hint' : 'trade.risk.hint')}</p>
    </section>
  );
}
