import { PaymentTemplateInput, PaymentTemplateMessages, type PaymentTemplateType } from '@p2p/shared';

export interface TemplateForm {
  name: string;
  type: PaymentTemplateType;
  isDefault: boolean;
  isActive: boolean;
  details: Record<string, string>;
}

export type FormErrors = Partial<Record<string, string>>;

export type Validation = { ok: true; value: PaymentTemplateInput } | { ok: false; errors: FormErrors };

/**
 * Checks the form with the same shared schema the server uses, so the messages are the
 * spec's (spec 2 §5). Errors are keyed 'name' or the detail field's name; first one wins.
 */
export function validateTemplate(form: TemplateForm): Validation {
  const parsed = PaymentTemplateInput.safeParse(form);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const [head, field] = issue.path;
    const key = head === 'details' && typeof field === 'string' ? field : head === 'type' ? 'type' : 'name';
    if (head === 'details' && typeof field !== 'string') continue;
    errors[key] ??= key === 'type' ? PaymentTemplateMessages.unknownType : issue.message;
  }
  return { ok: false, errors };
}
