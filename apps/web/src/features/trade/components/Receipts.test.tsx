import type { PaymentProofFile, TradeView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { Receipts } from './Receipts';

const file = (id: string, uploadedAt: string, extra: Partial<PaymentProofFile> = {}): PaymentProofFile => ({
  id,
  name: 'receipt.jpg',
  size: 1000,
  type: 'image/jpeg',
  url: `/api/v1/uploads/receipts/${id}`,
  uploadedAt,
  ...extra,
});
const tradeWith = (files: PaymentProofFile[], userRole: TradeView['userRole'] = 'seller') =>
  ({ userRole, paymentProofFiles: files }) as unknown as TradeView;

const MATCHED = file('11111111-1111-4111-8111-111111111111', '2026-03-12T09:50:00Z', {
  matches: [
    { tradeShortId: 'a1b2c3d4', uploadedAt: '2026-03-01T12:00:00Z', kind: 'exact' },
    { tradeShortId: 'e5f6a7b8', uploadedAt: '2026-03-05T12:30:00Z', kind: 'similar' },
  ],
});
const CLEAN = file('22222222-2222-4222-8222-222222222222', '2026-03-12T09:40:00Z', { matches: [] });

beforeEach(() => {
  // The thumbnails' bytes are not what these tests look at.
  vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const text = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ');

describe('receipts matched to another trade (decision 023)', () => {
  it('warns the seller in amber on the matching receipt, with each trade, its date and kind', () => {
    renderApp(<Receipts trade={tradeWith([CLEAN, MATCHED])} />);
    const warnings = screen.getAllByTestId('receipt-match');
    expect(warnings).toHaveLength(1);
    const warning = warnings[0] as HTMLElement;
    expect(warning.className).toBe('receipt-match');
    expect(warning.textContent).toMatch(/^Чек от .+ совпадает с чеком из другой сделки/);
    const items = [...warning.querySelectorAll('li')].map((li) => li.textContent);
    // Midday UTC: the same calendar day from UTC-11 to UTC+11.
    expect(items.map((s) => s?.replace(/\u00a0/g, ' '))).toEqual([
      expect.stringMatching(/^Сделка #a1b2c3d4: тот же файл, загружен 1 мар\. 2026 г\., \d\d:\d\d$/),
      expect.stringMatching(/^Сделка #e5f6a7b8: похожее изображение, загружено 5 мар\. 2026 г\., \d\d:\d\d$/),
    ]);
    expect(warning.textContent).toContain('Подтверждайте получение, только когда деньги пришли на ваш счёт.');

    // The thumbnail of that receipt is flagged and described by the warning; the other is not.
    const [newest, older] = screen.getAllByRole('button', { name: /Открыть чек от/ });
    expect(newest?.className).toBe('receipt receipt--matched');
    expect(newest?.getAttribute('aria-describedby')).toBe(warning.id);
    expect(newest?.textContent).toContain('Совпадает с другой сделкой');
    expect(older?.className).toBe('receipt');
    expect(older?.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says nothing when no receipt matches, or when the viewer is not told (the buyer)', () => {
    renderApp(<Receipts trade={tradeWith([CLEAN])} />);
    expect(screen.queryByTestId('receipt-match')).toBeNull();
    document.body.innerHTML = '';
    const { matches: _hidden, ...asTheBuyerSeesIt } = MATCHED;
    renderApp(<Receipts trade={tradeWith([asTheBuyerSeesIt], 'buyer')} />);
    expect(screen.queryByTestId('receipt-match')).toBeNull();
    expect(text()).not.toContain('совпадает');
  });

  it('speaks English too; one receipt is not named by its time', () => {
    renderApp(<Receipts trade={tradeWith([MATCHED])} />, { lang: 'en' });
    const warning = screen.getByTestId('receipt-match');
    expect(warning.textContent).toMatch(/^This receipt matches a receipt from another trade/);
    expect(warning.textContent).toContain('Trade #a1b2c3d4: the same file, uploaded');
    expect(warning.textContent).toContain('Trade #e5f6a7b8: a similar image, uploaded');
  });
});
