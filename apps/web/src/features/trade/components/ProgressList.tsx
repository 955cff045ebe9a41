import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import type { ProgressStep } from '../lib/status';

const TITLE = {
  created: 'trade.progress.created',
  payment: 'trade.progress.payment',
  confirmed: 'trade.progress.confirmed',
  completed: 'trade.progress.completed',
} as const;

/** The four steps with their moments (spec 2 §4). */
export function ProgressList({ steps }: { steps: ProgressStep[] }) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <section className="panel" aria-labelledby="progress-title">
      <h2 id="progress-title" className="panel__title">
        {t('trade.progress.title')}
      </h2>
      <ol className="tr-progress">
        {steps.map((step, i) => (
          <li
            key={step.key}
            className={`tr-progress__step tr-progress__step--${step.state}`}
            aria-current={step.state === 'active' ? 'step' : undefined}
          >
            <span className="tr-progress__dot" aria-hidden="true">
              {step.state === 'done' ? <Icon name="check" size={14} /> : i + 1}
            </span>
            <span className="tr-progress__text">
              <span className="tr-progress__title">{t(TITLE[step.key])}</span>
              <span className="tr-progress__at small muted">
                {step.state === 'done'
                  ? fmt.dateTime(step.at)
                  : step.state === 'active'
                    ? t('trade.progress.now')
                    : t('trade.progress.pending')}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
