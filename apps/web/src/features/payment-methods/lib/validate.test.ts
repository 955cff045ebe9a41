import { describe, expect, it } from 'vitest';
import { sanitizeField, TEMPLATE_FIELDS } from './fields';
import { type TemplateForm, validateTemplate } from './validate';

const form = (over: Partial<TemplateForm>): TemplateForm => ({
  name: 'Карта',
  type: 'BANK_CARD',
  isDefault: false,
  isActive: true,
  details: {},
  ...over,
});

describe('payment template validation (spec 2 §5)', () => {
  it('names every missing required field of a bank card', () => {
    const result = validateTemplate(form({ name: ' ' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: 'Введите название',
      bankName: 'Введите название банка',
      cardNumber: 'Введите номер карты',
      holderName: 'Введите имя держателя',
    });
    expect(result.errors.phone).toBeUndefined();
  });

  it('uses the per-type messages', () => {
    const sbp = validateTemplate(form({ type: 'SBP' }));
    expect(sbp.ok || sbp.errors).toMatchObject({ phone: 'Введите номер телефона', bankName: 'Введите банк' });
    const transfer = validateTemplate(form({ type: 'BANK_TRANSFER' }));
    expect(transfer.ok || transfer.errors).toMatchObject({
      accountNumber: 'Введите номер счета',
      bik: 'Введите БИК',
      holderName: 'Введите имя получателя',
    });
    const qiwi = validateTemplate(form({ type: 'QIWI' }));
    expect(qiwi.ok || qiwi.errors).toMatchObject({ walletPhone: 'Введите номер кошелька' });
    const yoo = validateTemplate(form({ type: 'YOOMONEY' }));
    expect(yoo.ok || yoo.errors).toMatchObject({ accountNumber: 'Введите номер кошелька' });
    const cash = validateTemplate(form({ type: 'CASH' }));
    expect(cash.ok || cash.errors).toMatchObject({ meetingLocation: 'Укажите место встречи' });
  });

  it('accepts a complete card and uppercases the holder', () => {
    const result = validateTemplate(
      form({ details: { bankName: 'Сбербанк', cardNumber: '4111111111111111', holderName: 'ivan petrov' } }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.details).toMatchObject({ holderName: 'IVAN PETROV', cardNumber: '4111111111111111' });
  });

  it('rejects a card number failing the checksum', () => {
    const result = validateTemplate(
      form({ details: { bankName: 'Сбербанк', cardNumber: '4111111111111112', holderName: 'IVAN' } }),
    );
    expect(result.ok || result.errors.cardNumber).toBe('Некорректный номер карты');
  });

  it('caps the card number at 19 and BIK at 9 digits while typing', () => {
    const [, card] = TEMPLATE_FIELDS.BANK_CARD;
    expect(card && sanitizeField(card, '4111 1111 1111 1111 2222')).toBe('4111111111111111222');
    const bik = TEMPLATE_FIELDS.BANK_TRANSFER.find((f) => f.name === 'bik');
    expect(bik && sanitizeField(bik, '04452522599')).toBe('044525225');
    const holder = TEMPLATE_FIELDS.BANK_CARD.find((f) => f.name === 'holderName');
    expect(holder && sanitizeField(holder, 'ivan')).toBe('IVAN');
  });
});
