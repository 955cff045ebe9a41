import type { DisputeCase, PaymentProofFile } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { Receipts } from './CaseSections';

const file = (id: string, extra: Partial<PaymentProofFile> = {}): PaymentProofFile => ({
  id,
  name: `${id.slice(0, 4)}.jpg`,
  size: 1000,
  type: 'image/jpeg',
  url: `/api/v1/uploads/receipts/${id}`,
  uploadedAt: '2026-03-12T12:00:00Z',
  ...extra,
});
const caseWith = (files: PaymentProofFile[]) =>
  ({ trade: { paymentProofFiles: files } }) as unknown as DisputeCase;

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the dispute case: receipts matched to another trade (decision 023)', () => {
  it('shows the same amber warning, with what the moderator should compare', () => {
    renderApp(
      <Receipts
        dispute={caseWith([
          file('33333333-3333-4333-8333-333333333333', {
            matches: [{ tradeShortId: '0badc0de', uploadedAt: '2026-03-02T12:00:00Z', kind: 'similar' }],
          }),
          file('44444444-4444-4444-8444-444444444444', { matches: [] }),
        ])}
      />,
    );
    const warning = screen.getByTestId('receipt-match');
    expect(warning.textContent).toMatch(/^Чек от .+ совпадает с чеком из другой сделки/);
    expect(warning.textContent).toContain('Сделка #0badc0de: похожее изображение, загружено 2 мар. 2026');
    expect(warning.textContent).toContain('сравните сумму, дату и получателя с выпиской');
    const items = document.querySelectorAll('.bo-receipts > li');
    expect([...items].map((li) => li.className)).toEqual(['bo-receipts__matched', '']);
  });

  it('shows nothing when no receipt matches', () => {
    renderApp(
      <Receipts dispute={caseWith([file('55555555-5555-4555-8555-555555555555', { matches: [] })])} />,
    );
    expect(screen.queryByTestId('receipt-match')).toBeNull();
  });
});
