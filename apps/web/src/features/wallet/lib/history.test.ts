import { describe, expect, it } from 'vitest';
import { signedChange } from './history';

describe('history changes', () => {
  it('keeps the sign and drops zero movements', () => {
    expect(signedChange('-0.50000000')).toEqual({ sign: '-', abs: '0.50000000' });
    expect(signedChange('0.00100000')).toEqual({ sign: '+', abs: '0.00100000' });
    expect(signedChange('0.00000000')).toBeNull();
    expect(signedChange('-0.00000000')).toBeNull();
  });
});
