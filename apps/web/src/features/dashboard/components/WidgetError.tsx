import { useT } from '@/i18n';

/** 'Не удалось загрузить данные' with a retry. */
export function WidgetError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="widget__error" role="alert">
      <p>{t('dash.loadError')}</p>
      {message ? <p className="small muted">{message}</p> : null}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
