import type { PaymentTemplateView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';
import { bankCard, CARD, CARD_DIGITS, createTemplate, type Session } from './setup.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t.app, 'tplalice');
  bob = await signIn(t.app, 'tplbob');
});
afterAll(async () => {
  await t.close();
});

const url = '/api/v1/payment-templates';
const list = async (who: Session) => {
  const res = await t.app.inject({ url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentTemplateView[];
};
const post = (who: Session, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });
const put = (who: Session, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: who.headers, payload: payload as object });

describe('creating templates of every type', () => {
  it('stores normalised details and lists them with masked numbers', async () => {
    const card = await createTemplate(
      t.app,
      alice,
      bankCard({
        details: {
          bankName: ' Сбербанк ',
          cardNumber: '2200-7000-0005-1234',
          holderName: 'ivan petrov',
          phone: '',
        },
      }),
    );
    expect(card).toMatchObject({
      name: 'Сбер основная',
      type: 'BANK_CARD',
      isDefault: false,
      isActive: true,
      usageCount: 0,
      lastUsedAt: null,
      details: { bankName: 'Сбербанк', cardNumber: CARD_DIGITS, holderName: 'IVAN PETROV' },
      maskedDetails: { bankName: 'Сбербанк', cardNumber: '•••• 1234' },
    });
    expect(card.details).not.toHaveProperty('phone');

    const sbp = await createTemplate(t.app, alice, {
      name: 'СБП',
      type: 'SBP',
      details: { phone: '8 (912) 345-12-34', bankName: 'Тинькофф', recipientName: 'Иван П.' },
    });
    expect(sbp.details).toEqual({ phone: '+79123451234', bankName: 'Тинькофф', recipientName: 'Иван П.' });
    expect(sbp.maskedDetails).toEqual({ bankName: 'Тинькофф', phone: '+7 ••• ••• 12 34' });
    expect(sbp).toMatchObject({ isActive: true, isDefault: false });

    const transfer = await createTemplate(t.app, alice, {
      name: 'Счет',
      type: 'BANK_TRANSFER',
      details: {
        bankName: 'ВТБ',
        accountNumber: '4081 7810 0000 0000 5678',
        bik: '044525187',
        holderName: 'Петров Иван',
      },
    });
    expect(transfer.details).toMatchObject({ accountNumber: '40817810000000005678', bik: '044525187' });
    expect(transfer.maskedDetails).toEqual({ bankName: 'ВТБ', accountNumber: '•••• 5678' });

    const qiwi = await createTemplate(t.app, alice, {
      name: 'Qiwi',
      type: 'QIWI',
      details: { walletPhone: '+7 912 000 56 78' },
    });
    expect(qiwi.maskedDetails).toEqual({ walletPhone: '+7 ••• ••• 56 78' });

    const yoo = await createTemplate(t.app, alice, {
      name: 'ЮMoney',
      type: 'YOOMONEY',
      details: { accountNumber: '410011234565678' },
    });
    expect(yoo.maskedDetails).toEqual({ accountNumber: '•••• 5678' });

    const cash = await createTemplate(t.app, alice, {
      name: 'Наличные',
      type: 'CASH',
      details: { meetingLocation: 'Москва, м. Тверская', preferredTime: 'после 18:00' },
    });
    expect(cash.maskedDetails).toEqual({ meetingLocation: 'Москва, м. Тверская' });

    const mine = await list(alice);
    expect(mine.map((m) => m.type).sort()).toEqual([
      'BANK_CARD',
      'BANK_TRANSFER',
      'CASH',
      'QIWI',
      'SBP',
      'YOOMONEY',
    ]);
    const listed = mine.find((m) => m.id === card.id);
    expect(listed?.maskedDetails.cardNumber).toBe('•••• 1234');
    expect(listed?.details.cardNumber).toBe(CARD_DIGITS);
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload: bankCard() })).statusCode).toBe(401);
  });
});

describe('validation messages of the payment-details form', () => {
  const card = (details: Record<string, unknown>) =>
    bankCard({ details: { bankName: 'Сбер', cardNumber: CARD, holderName: 'IVAN', ...details } });
  const cases: Array<[string, unknown, string]> = [
    ['missing name', bankCard({ name: '   ' }), 'Введите название'],
    ['no name at all', { type: 'CASH', details: { meetingLocation: 'Тверская' } }, 'Введите название'],
    ['unknown type', { name: 'x', type: 'PAYPAL', details: {} }, 'Неизвестный тип оплаты'],
    ['no type', { name: 'x', details: {} }, 'Неизвестный тип оплаты'],
    ['card: bank', card({ bankName: '' }), 'Введите название банка'],
    ['card: number missing', card({ cardNumber: undefined }), 'Введите номер карты'],
    ['card: number blank', card({ cardNumber: ' ' }), 'Введите номер карты'],
    ['card: too few digits', card({ cardNumber: '2200 7000 1234' }), 'Некорректный номер карты'],
    ['card: over 19 digits', card({ cardNumber: '22007000000512341234' }), 'Некорректный номер карты'],
    ['card: Luhn', card({ cardNumber: '2200 7000 0005 1235' }), 'Некорректный номер карты'],
    ['card: letters', card({ cardNumber: '2200 7000 0005 12a4' }), 'Некорректный номер карты'],
    ['card: holder', card({ holderName: '' }), 'Введите имя держателя'],
    ['card: bad optional phone', card({ phone: '12' }), 'Некорректный номер телефона'],
    ['card: no details at all', { name: 'x', type: 'BANK_CARD' }, 'Введите название банка'],
    ['sbp: phone', { name: 'x', type: 'SBP', details: { bankName: 'Т' } }, 'Введите номер телефона'],
    [
      'sbp: phone malformed',
      { name: 'x', type: 'SBP', details: { phone: '+7 912', bankName: 'Т' } },
      'Некорректный номер телефона',
    ],
    [
      'sbp: bank',
      { name: 'x', type: 'SBP', details: { phone: '+79120001122', bankName: '' } },
      'Введите банк',
    ],
    ...transferCases(),
    ['qiwi: wallet', { name: 'x', type: 'QIWI', details: {} }, 'Введите номер кошелька'],
    [
      'qiwi: wallet malformed',
      { name: 'x', type: 'QIWI', details: { walletPhone: 'abc' } },
      'Некорректный номер кошелька',
    ],
    [
      'yoomoney: wallet',
      { name: 'x', type: 'YOOMONEY', details: { accountNumber: '' } },
      'Введите номер кошелька',
    ],
    [
      'yoomoney: wallet malformed',
      { name: 'x', type: 'YOOMONEY', details: { accountNumber: '4100' } },
      'Некорректный номер кошелька',
    ],
    ['cash: place', { name: 'x', type: 'CASH', details: { preferredTime: 'утро' } }, 'Укажите место встречи'],
  ];

  it.each(cases)('%s', async (_label, payload, message) => {
    const before = (await list(bob)).length;
    const res = await post(bob, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
    expect((await list(bob)).length).toBe(before);
  });

  it('refuses an over-long name', async () => {
    const res = await post(bob, bankCard({ name: 'x'.repeat(101) }));
    expect(res.statusCode).toBe(400);
  });
});

function transferCases(): Array<[string, unknown, string]> {
  const ok = {
    bankName: 'ВТБ',
    accountNumber: '40817810000000005678',
    bik: '044525187',
    holderName: 'Петров',
  };
  const transfer = (details: Record<string, unknown>) => ({
    name: 'x',
    type: 'BANK_TRANSFER',
    details: { ...ok, ...details },
  });
  return [
    ['transfer: bank', transfer({ bankName: '' }), 'Введите название банка'],
    ['transfer: account', transfer({ accountNumber: '' }), 'Введите номер счета'],
    [
      'transfer: account malformed',
      transfer({ accountNumber: '4081781000' }),
      'Номер счета должен состоять из 20 цифр',
    ],
    ['transfer: BIK', transfer({ bik: undefined }), 'Введите БИК'],
    ['transfer: BIK short', transfer({ bik: '04452518' }), 'БИК должен состоять из 9 цифр'],
    ['transfer: BIK over 9 characters', transfer({ bik: '0445251870' }), 'БИК должен состоять из 9 цифр'],
    ['transfer: recipient', transfer({ holderName: ' ' }), 'Введите имя получателя'],
  ];
}

describe('default and active flags', () => {
  it('keeps exactly one default, moving it in one step', async () => {
    const user = await signIn(t.app, 'tpldefaults');
    const a = await createTemplate(t.app, user, bankCard({ name: 'A', isDefault: true }));
    const b = await createTemplate(t.app, user, bankCard({ name: 'B', isDefault: true }));
    let mine = await list(user);
    expect(mine.filter((m) => m.isDefault).map((m) => m.id)).toEqual([b.id]);
    expect(mine[0]?.id).toBe(b.id); // the default is listed first

    const res = await put(user, a.id, { isDefault: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.id, isDefault: true, name: 'A' });
    mine = await list(user);
    expect(mine.filter((m) => m.isDefault).map((m) => m.id)).toEqual([a.id]);

    // Concurrent switches still end with one default.
    const c = await createTemplate(t.app, user, bankCard({ name: 'C' }));
    const results = await Promise.all([a, b, c].map((x) => put(user, x.id, { isDefault: true })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await list(user)).filter((m) => m.isDefault)).toHaveLength(1);

    // Another user's default is unaffected by all of this.
    const other = await createTemplate(t.app, bob, bankCard({ name: 'Bob default', isDefault: true }));
    await put(user, a.id, { isDefault: true });
    expect((await list(bob)).find((m) => m.id === other.id)?.isDefault).toBe(true);
  });

  it('toggles active; a deactivated default stops being default; an inactive one cannot become default', async () => {
    const user = await signIn(t.app, 'tplactive');
    const a = await createTemplate(t.app, user, bankCard({ isDefault: true }));
    const off = await put(user, a.id, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ isActive: false, isDefault: false });

    const refused = await put(user, a.id, { isDefault: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Основным может быть только активный способ оплаты');
    const created = await post(user, bankCard({ isDefault: true, isActive: false }));
    expect(created.statusCode).toBe(400);

    const on = await put(user, a.id, { isActive: true });
    expect(on.json().data).toMatchObject({ isActive: true, isDefault: false });
    expect((await put(user, a.id, {})).statusCode).toBe(400);
  });
});

describe('editing, deleting and ownership', () => {
  it('replaces a template with a full body, including its type', async () => {
    const user = await signIn(t.app, 'tpledit');
    const a = await createTemplate(t.app, user);
    const res = await put(user, a.id, {
      name: 'Теперь СБП',
      type: 'SBP',
      isDefault: true,
      isActive: true,
      details: { phone: '+79995554433', bankName: 'Альфа' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: a.id,
      name: 'Теперь СБП',
      type: 'SBP',
      isDefault: true,
      details: { phone: '+79995554433', bankName: 'Альфа' },
    });
    const bad = await put(user, a.id, { name: 'x', type: 'SBP', details: { bankName: 'Альфа' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Введите номер телефона');
    const unknown = await put(user, a.id, { name: 'x', type: 'WIRE', details: {} });
    expect(unknown.json().error).toBe('Неизвестный тип оплаты');
    expect((await list(user))[0]?.name).toBe('Теперь СБП');
  });

  it('only the owner sees, edits and deletes a template', async () => {
    const owner = await signIn(t.app, 'tplowner');
    const a = await createTemplate(t.app, owner);
    expect((await list(bob)).some((m) => m.id === a.id)).toBe(false);
    const edit = await put(bob, a.id, { isActive: false });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toBe('Способ оплаты не найден');
    expect((await put(bob, a.id, bankCard({ name: 'stolen' }))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    const still = (await list(owner)).find((m) => m.id === a.id);
    expect(still).toMatchObject({ isActive: true, name: 'Сбер основная' });

    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: owner.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.message).toBe('Способ оплаты удален');
    expect((await list(owner)).some((m) => m.id === a.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${a.id}`, headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it('honours Idempotency-Key on create', async () => {
    const user = await signIn(t.app, 'tplidem');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'idempotency-key': 'tpl-1' },
        payload: bankCard(),
      });
    const [first, second] = [await send(), await send()];
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await list(user)).toHaveLength(1);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/payment-templates',
        '/api/v1/payment-templates/{id}',
        '/api/v1/trades/{id}/payment-template',
        '/api/v1/trades/{id}/payment-proof',
        '/api/v1/uploads/receipts/{id}',
      ]),
    );
  });
});
