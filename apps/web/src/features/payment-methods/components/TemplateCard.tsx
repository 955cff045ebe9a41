import type { PaymentTemplateView } from '@p2p/shared';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { fieldLabelKey, orderedDetails } from '../lib/fields';
import { templateTypeKey } from '../lib/labels';

interface Props {
  template: PaymentTemplateView;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  onToggleActive: () => void;
}

/** One saved template: masked details only, flags, usage. */
export function TemplateCard({ template, busy, onEdit, onDelete, onMakeDefault, onToggleActive }: Props) {
  const { t } = useI18n();
  const fmt = useFormat();
  const masked = orderedDetails(template.maskedDetails);
  const lastUsed = template.lastUsedAt ? fmt.dateTime(template.lastUsedAt) : null;
  return (
    <li
      className={`panel pm-card${template.isActive ? '' : ' pm-card--inactive'}`}
      aria-busy={busy || undefined}
    >
      <div className="pm-card__head">
        <div className="pm-card__title">
          <h2 className="pm-card__name">{template.name}</h2>
          <span className="muted small">{t(templateTypeKey(template.type))}</span>
        </div>
        <div className="pm-card__flags">
          {template.isDefault ? <span className="badge badge--primary">{t('pm.badge.default')}</span> : null}
          <span className={`badge ${template.isActive ? 'badge--buy' : 'badge--muted'}`}>
            {t(template.isActive ? 'pm.badge.active' : 'pm.badge.inactive')}
          </span>
        </div>
      </div>
      {masked.length ? (
        <dl className="pm-card__details">
          {masked.map(([field, value]) => (
            <div key={field}>
              <dt className="muted">{t(fieldLabelKey(template.type, field))}</dt>
              <dd className="num">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="pm-card__usage small muted">
        {template.usageCount > 0
          ? `${t('pm.usage', { count: template.usageCount })}${lastUsed ? ` · ${t('pm.lastUsed', { time: lastUsed })}` : ''}`
          : t('pm.neverUsed')}
      </p>
      <div className="pm-card__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onEdit} disabled={busy}>
          {t('pm.edit')}
        </button>
        {template.isActive && !template.isDefault ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onMakeDefault} disabled={busy}>
            {t('pm.makeDefault')}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--sm" onClick={onToggleActive} disabled={busy}>
          {t(template.isActive ? 'pm.deactivate' : 'pm.activate')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm pm-danger" onClick={onDelete} disabled={busy}>
          {t('pm.delete')}
        </button>
      </div>
    </li>
  );
}
