import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts as current, TOAST_LIMIT, toast } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const t of current()) toast.dismiss(t.id);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('auto-dismisses success after 2 s and errors after 4 s; loading stays', () => {
    toast.success('ok');
    toast.error('bad');
    const loading = toast.loading('wait');
    vi.advanceTimersByTime(2000);
    expect(current().map((t) => t.message)).toEqual(['bad', 'wait']);
    vi.advanceTimersByTime(2000);
    expect(current().map((t) => t.message)).toEqual(['wait']);
    vi.advanceTimersByTime(60_000);
    toast.success('done', { id: loading });
    expect(current()).toEqual([{ id: loading, kind: 'success', message: 'done' }]);
  });

  it(`keeps at most ${TOAST_LIMIT}, dropping the oldest`, () => {
    for (let i = 0; i < 25; i++) toast(`n${i}`);
    expect(current()).toHaveLength(TOAST_LIMIT);
    expect(current()[0]?.message).toBe('n5');
  });

  it('shows one toast per subject while it is on screen', () => {
    toast('Новая сделка · Вера', { once: 'trade:1' });
    toast('Ваш ордер найден! Новая сделка создана', { once: 'trade:1' });
    toast('Другая сделка', { once: 'trade:2' });
    expect(current().map((t) => t.message)).toEqual(['Новая сделка · Вера', 'Другая сделка']);
    vi.advanceTimersByTime(4000);
    toast('Позже — снова можно', { once: 'trade:1' });
    expect(current().map((t) => t.message)).toEqual(['Позже — снова можно']);
  });
});
