import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueResolver } from './form-resolver';

const schema = z
  .object({
    name: z.string().min(1, 'validation.pm.name'),
    count: z.number().min(2, 'validation.trade.tooSmall'),
    code: z.string().max(3, 'validation.text.tooLong'),
    details: z.object({ bankName: z.string().min(1, 'Ордер не найден') }),
    note: z.string().max(3, 'Что-то своё'),
  })
  .superRefine((v, ctx) => {
    if (v.count > 10)
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: 'format.count.trades',
        params: { count: v.count },
      });
  });

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('catalogueResolver', () => {
  it('translates catalogue keys with the issue values; any other text passes as it is', async () => {
    const resolve = catalogueResolver(schema, () => 'en');
    const result = await resolve(
      { name: '', count: 1, code: 'ABCD', details: { bankName: '' }, note: 'long' },
      undefined,
      options,
    );
    expect(result.errors).toMatchObject({
      name: { message: 'Enter a name' },
      count: { message: 'The amount is too small' },
      code: { message: 'At most 3 characters' },
      // No reverse lookup: a Russian text is not a key, even one the catalogue has.
      details: { bankName: { message: 'Ордер не найден' } },
      note: { message: 'Что-то своё' },
    });
  });

  it('passes custom params to the message and returns parsed values when valid', async () => {
    const resolve = catalogueResolver(schema, () => 'ru');
    const failed = await resolve(
      { name: 'a', count: 21, code: '', details: { bankName: 'b' }, note: '' },
      undefined,
      options,
    );
    expect(failed.errors).toMatchObject({ count: { message: '21 сделка' } });
    const valid = { name: 'a', count: 3, code: 'x', details: { bankName: 'b' }, note: '' };
    expect(await resolve(valid, undefined, options)).toEqual({ values: valid, errors: {} });
  });
});
