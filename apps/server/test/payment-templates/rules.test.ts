import {
  luhnValid,
  maskDetails,
  maskPhone,
  normalizePhone,
  PaymentTemplateInput,
  UpdatePaymentTemplateRequest,
} from '@p2p/shared';
import { describe, expect, it } from 'vitest';

describe('payment detail rules (pure)', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('2200700000051234')).toBe(true);
    expect(luhnValid('2200700000051235')).toBe(false);
  });

  it('normalises phone numbers the Russian way', () => {
    expect(normalizePhone('8 (912) 345-67-89')).toBe('+79123456789');
    expect(normalizePhone('9123456789')).toBe('+79123456789');
    expect(normalizePhone('+7 912 345 67 89')).toBe('+79123456789');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+7 912 345')).toBeNull();
    expect(normalizePhone('phone')).toBeNull();
  });

  it('masks numbers but keeps what identifies the method', () => {
    expect(maskPhone('+79123451234')).toBe('+7 ••• ••• 12 34');
    expect(maskPhone('+442079460958')).toBe('•••• 09 58');
    expect(
      maskDetails('BANK_CARD', { bankName: 'Сбер', cardNumber: '2200700000051234', holderName: 'IVAN' }),
    ).toEqual({
      bankName: 'Сбер',
      cardNumber: '•••• 1234',
    });
    expect(maskDetails('BANK_TRANSFER', { accountNumber: '40817810000000005678', bik: '044525187' })).toEqual(
      {
        accountNumber: '•••• 5678',
      },
    );
  });

  it('drops unknown detail fields and fills the flags', () => {
    const parsed = PaymentTemplateInput.parse({
      name: 'n',
      type: 'CASH',
      details: { meetingLocation: 'Тверская', script: '<b>' },
    });
    expect(parsed).toEqual({
      name: 'n',
      type: 'CASH',
      isDefault: false,
      isActive: true,
      details: { meetingLocation: 'Тверская' },
    });
  });

  it('reads a PUT body as flags only when it carries no template fields', () => {
    expect(UpdatePaymentTemplateRequest.parse({ isDefault: true })).toEqual({ isDefault: true });
    expect(UpdatePaymentTemplateRequest.safeParse({ isDefault: true, name: 'x' }).success).toBe(false);
    expect(UpdatePaymentTemplateRequest.safeParse({ isActive: 'yes' }).success).toBe(false);
  });
});
