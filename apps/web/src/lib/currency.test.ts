import { afterEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

const { CURRENCY_KEY, setCurrency } = await import('./currency');

afterEach(() => vi.restoreAllMocks());

describe('currency settings', () => {
  it('stores the versioned currency record', () => {
    setCurrency('USD');
    const record = JSON.parse(store.get(CURRENCY_KEY) ?? '{}');
    expect(record).toMatchObject({ currentCurrency: 'USD', version: 1 });
    expect(typeof record.lastUpdated).toBe('number');
  });

  it('ignores anything but RUB and USD with a warning', () => {
    setCurrency('RUB');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setCurrency('EUR');
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(store.get(CURRENCY_KEY) ?? '{}').currentCurrency).toBe('RUB');
  });
});
