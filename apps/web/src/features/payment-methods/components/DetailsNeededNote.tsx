import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/i18n';
import { templatesApi, templatesKey } from '../api/templates-api';
import { TemplateFormDialog } from './TemplateFormDialog';

/**
 * On a sell order's form: the seller sends saved payment details on every trade, and the buyer
 * cannot pay before they do (docs/decisions/034). With no active method saved, it says so and
 * adds one here, in a dialog, without leaving the form.
 */
export function DetailsNeededNote() {
  const t = useT();
  const templates = useQuery({ queryKey: templatesKey, queryFn: templatesApi.list, retry: false });
  const [adding, setAdding] = useState(false);
  const none = templates.isSuccess && !templates.data.some((tpl) => tpl.isActive);
  return (
    <div className={`alert${none ? ' alert--warn' : ''} details-needed`} role="note">
      <p>{t(none ? 'pm.needed.none' : 'pm.needed.text')}</p>
      {none ? (
        <button type="button" className="btn btn--primary btn--sm" onClick={() => setAdding(true)}>
          {t('pm.needed.add')}
        </button>
      ) : null}
      {adding ? <TemplateFormDialog open editing={null} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
