import { describe, expect, it } from 'vitest';
import { sanitizeField, TEMPLATE_FIELDS } from './fields';

describe('payment template fields', () => {
  it('caps the card number at 19 and BIK at 9 digits while typing', () => {
    const [, card] = TEMPLATE_FIELDS.BANK_CARD;
    expect(card && sanitizeField(card, '4111 1111 1111 1111 2222')).toBe('4111111111111111222');
    const bik = TEMPLATE_FIELDS.BANK_TRANSFER.find((f) => f.name === 'bik');
    expect(bik && sanitizeField(bik, '04452522599')).toBe('044525225');
    const holder = TEMPLATE_FIELDS.BANK_CARD.find((f) => f.name === 'holderName');
    expect(holder && sanitizeField(holder, 'ivan')).toBe('IVAN');
  });
});
