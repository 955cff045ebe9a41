import type { MessageKey } from '@/i18n';

/** Label key of a template type; an unknown type says 'Неизвестный тип оплаты'. */
export function templateTypeKey(type: string): MessageKey {
  switch (type) {
    case 'BANK_CARD':
    case 'SBP':
    case 'BANK_TRANSFER':
    case 'QIWI':
    case 'YOOMONEY':
    case 'CASH':
      return `pm.type.${type}`;
    default:
      return 'pm.type.unknown';
  }
}
