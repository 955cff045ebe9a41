import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OptionalDisplayName, RequiredDisplayName } from '../display-name.ts';
import { issueValues, localizeMessage } from '../i18n/index.ts';
import {
  AdminLoginRequest,
  AdminUsersQuery,
  AuditLogsQuery,
  BalanceOperationRequest,
  ResolveDisputeRequest,
} from './admin.ts';
import { DevLoginRequest, RefreshRequest, TelegramLoginRequest, TelegramWebAppLoginRequest } from './auth.ts';
import { SendMessageRequest } from './chat.ts';
import { CreateOrderRequest } from './orders.ts';
import { PaymentTemplateInput, UpdatePaymentTemplateRequest } from './payment-templates.ts';
import { hasUnstorableCharacters, text } from './text.ts';
import {
  CreateTradeRequest,
  DisputePayload,
  ReviewRequest,
  SoftDeleteRequest,
  TradeListQuery,
} from './trades.ts';
import { DisplayNameRequest, UpdateProfileRequest } from './users.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({
        path: i.path.join('.'),
        // What a Russian reader is shown: the issue's key with its values.
        message: localizeMessage('ru', i.message, issueValues(i)),
      }));
};

describe('text()', () => {
  const line = text({ min: 1, max: 10, messages: { required: 'validation.pm.name' } });
  const lines = text({ max: 40, multiline: true });

  it('trims, then checks characters, then length, with the field wording', () => {
    expect(line.parse('  Сбер  ')).toBe('Сбер');
    expect(issuesOf(line, '   ')).toEqual([{ path: '', message: 'Введите название' }]);
    expect(issuesOf(line, 42)).toEqual([{ path: '', message: 'Введите название' }]);
    expect(issuesOf(line, 'x'.repeat(11))).toEqual([{ path: '', message: 'Не более 10 символов' }]);
    expect(
      issuesOf(text({ max: 5, messages: { badCharacters: 'validation.chat.badCharacters' } }), 'a\u0000'),
    ).toEqual([{ path: '', message: 'Сообщение содержит недопустимые символы' }]);
  });

  it('refuses control characters (C0, DEL, C1) and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0007',
      'a\u001b[31m',
      'a\u007f',
      'a\u0085b',
      'a\u009b',
      'Sber\ud800',
      '\udfffx',
    ]) {
      expect(issuesOf(line, bad), JSON.stringify(bad)).toEqual([
        { path: '', message: 'Недопустимые символы в тексте' },
      ]);
    }
  });

  it('keeps newlines and tabs for several-line fields only', () => {
    expect(issuesOf(line, 'a\nb')).toEqual([{ path: '', message: 'Недопустимые символы в тексте' }]);
    expect(issuesOf(line, 'a\tb')).toEqual([{ path: '', message: 'Недопустимые символы в тексте' }]);
    expect(issuesOf(line, 'a\u2028b')).toEqual([{ path: '', message: 'Недопустимые символы в тексте' }]);
    expect(lines.parse('Первая\r\nвторая\tтретья')).toBe('Первая\r\nвторая\tтретья');
    expect(issuesOf(lines, 'a\u0000\nb')).toEqual([{ path: '', message: 'Недопустимые символы в тексте' }]);
  });

  it('accepts the text people write: any script, marks, emoji with joiners', () => {
    for (const good of [
      'Сбербанк',
      'Ёлка',
      'café',
      'e\u0301',
      '北京',
      'שלום',
      '👨‍👩‍👧',
      '1 234,56 ₽',
      '«цитата» — тире',
    ]) {
      expect(text({ max: 40 }).safeParse(good).success, good).toBe(true);
    }
  });

  it('stays linear on long input', () => {
    const started = performance.now();
    expect(issuesOf(text({ max: 10 }), 'я'.repeat(300_000))).toEqual([
      { path: '', message: 'Не более 10 символов' },
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names what cannot be stored at all: NUL and lone surrogates', () => {
    expect(hasUnstorableCharacters('a\u0000')).toBe(true);
    expect(hasUnstorableCharacters('a\ud800')).toBe(true);
    expect(hasUnstorableCharacters('\udc00')).toBe(true);
    expect(hasUnstorableCharacters('😀 \u001b\n')).toBe(false);
  });
});

/** A valid request and the path of each of its text fields. */
const REQUESTS: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  [
    'order',
    CreateOrderRequest,
    {
      type: 'buy',
      cryptocurrency: 'BTC',
      amount_crypto: '0.1',
      price_per_unit: '50000',
      payment_methods: ['sberbank'],
      description: 'Быстро',
    },
    ['amount_crypto', 'price_per_unit', 'payment_methods.0', 'description'],
  ],
  [
    'trade',
    CreateTradeRequest,
    {
      orderId: '00000000-0000-4000-8000-000000000000',
      amountFiat: '5000',
      amountCrypto: '0.1',
      paymentMethod: 'sberbank',
    },
    ['amountFiat', 'amountCrypto', 'paymentMethod'],
  ],
  ['dispute', DisputePayload, { reasonId: 'other', details: 'Нет ответа' }, ['reasonId', 'details']],
  ['review', ReviewRequest, { rating: 5, comment: 'Спасибо' }, ['comment']],
  ['soft delete', SoftDeleteRequest, { reason: 'Готово' }, ['reason']],
  ['trade list', TradeListQuery, { status: 'COMPLETED' }, ['status']],
  ['chat', SendMessageRequest, { content: 'Привет' }, ['content']],
  [
    'template',
    PaymentTemplateInput,
    { name: 'Наличные', type: 'CASH', details: { meetingLocation: 'Тверская', preferredTime: 'вечер' } },
    ['name', 'details.meetingLocation', 'details.preferredTime'],
  ],
  [
    'template update',
    UpdatePaymentTemplateRequest,
    { name: 'СБП', type: 'SBP', details: { phone: '+79123456789', bankName: 'Сбер', recipientName: 'Иван' } },
    ['name', 'details.phone', 'details.bankName', 'details.recipientName'],
  ],
  ['staff login', AdminLoginRequest, { email: 'a@b.c', password: 'secret12' }, ['email', 'password']],
  ['admin users', AdminUsersQuery, { search: 'Иван' }, ['search']],
  ['audit log', AuditLogsQuery, { action: 'trade.resolve', entityType: 'trade' }, ['action', 'entityType']],
  [
    'balance operation',
    BalanceOperationRequest,
    { cryptocurrency: 'BTC', amount: '1', reason: 'Причина' },
    ['amount', 'reason'],
  ],
  ['resolve', ResolveDisputeRequest, { outcome: 'refund', note: 'Оплаты нет' }, ['note']],
  ['dev login', DevLoginRequest, { username: 'alice' }, ['username']],
  ['refresh', RefreshRequest, { refreshToken: 'abcdefghijklmnop' }, ['refreshToken']],
  ['mini app', TelegramWebAppLoginRequest, { initData: 'query_id=1&hash=2' }, ['initData']],
  ['widget', TelegramLoginRequest, { id: '1', first_name: 'Тест', hash: 'abc' }, ['first_name']],
  ['display name', DisplayNameRequest, { display_name: 'Иван' }, ['display_name']],
  ['profile', UpdateProfileRequest, { displayName: 'Иван' }, ['displayName']],
];

function withValue(input: Record<string, unknown>, path: string, value: string) {
  const copy = structuredClone(input);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

describe('every text field of the request schemas', () => {
  it.each(REQUESTS)('%s: valid as given', (_, schema, valid) => {
    expect(issuesOf(schema, valid)).toEqual([]);
  });

  it.each(REQUESTS)(
    '%s: refuses NUL, a lone surrogate, an escape and 100 KB in each field',
    (_, schema, valid, fields) => {
      for (const field of fields) {
        for (const bad of ['ok\u0000', 'ok\ud800', 'ok\u001b', 'x'.repeat(100 * 1024)]) {
          const issues = issuesOf(schema, withValue(valid, field, bad));
          expect(issues.length, `${field} = ${JSON.stringify(bad.slice(0, 8))}`).toBeGreaterThan(0);
        }
      }
    },
  );

  it('keeps each field its own wording for bad characters where it has one', () => {
    expect(issuesOf(SendMessageRequest, { content: 'a\u0000' })).toEqual([
      { path: 'content', message: 'Сообщение содержит недопустимые символы' },
    ]);
    expect(issuesOf(RequiredDisplayName, 'Ив\u0000ан')).toEqual([
      { path: '', message: 'Имя может содержать только буквы, цифры, пробелы, дефисы и подчеркивания' },
    ]);
    expect(issuesOf(OptionalDisplayName, 'Ив\u0000ан')).toEqual([
      { path: '', message: 'Имя содержит недопустимые символы' },
    ]);
    expect(issuesOf(CreateOrderRequest, { ...REQUESTS[0]?.[2], description: 'x'.repeat(501) })).toEqual([
      { path: 'description', message: 'Описание не должно превышать 500 символов' },
    ]);
    expect(issuesOf(DisputePayload, { reasonId: 'other', details: 'x'.repeat(1001) })[0]?.message).toBe(
      'Описание спора не должно превышать 1000 символов',
    );
  });
});
