import type { ProgressStep } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/** The dot of a step: its number ahead, a dash when skipped, a cross for a cancellation. */
function Dot({ step, n }: { step: ProgressStep; n: number }) {
  if (step.state === 'pending') return <>{n}</>;
  if (step.state === 'skipped') return <>–</>;
  return <Icon name={step.key === 'cancelled' ? 'close' : 'check'} size={14} />;
}

/**
 * The four steps with their moments (`progressSteps` of the shared package); the current one
 * says what comes next. A finished trade's list ends at its outcome (docs/decisions/015):
 * completed, or cancelled.
 */
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
            className={`tr-progress__step tr-progress__step--${step.state}${step.key === 'cancelled' ? ' tr-progress__step--cancelled' : ''}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="tr-progress__dot" aria-hidden="true">
              <Dot step={step} n={i + 1} />
            </span>
            <span className="tr-progress__text">
              <span className="tr-progress__title">{t(step.title)}</span>
              <span className="tr-progress__at small muted">
                {step.state === 'pending'
                  ? t('trade.progress.pending')
                  : step.state === 'skipped'
                    ? t('trade.progress.skipped')
                    : fmt.dateTime(step.at)}
              </span>
              {step.waiting ? (
                <span className="tr-progress__now small">
                  {t('trade.progress.now')}: {t(step.waiting)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
