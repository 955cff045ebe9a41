import { type ProgressInput, progressSteps, type TradeRole } from '@p2p/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import { ProgressList } from './ProgressList';

const base = {
  createdAt: '2026-01-01T10:00:00Z',
  paidAt: '2026-01-01T10:05:00Z',
  confirmedAt: null,
  completedAt: null,
  cancelledAt: null,
  paymentTemplate: null,
};

const steps = (trade: Pick<ProgressInput, 'status'> & Partial<ProgressInput>, role: TradeRole = 'buyer') =>
  progressSteps({ ...base, ...trade }, role);

function items() {
  const list = screen.getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the trade progress list', () => {
  it('shows a trade the moderator released to the buyer as completed, with nothing «now»', () => {
    renderApp(<ProgressList steps={steps({ status: 'COMPLETED', completedAt: '2026-01-01T11:00:00Z' })} />);
    const shown = items();
    expect(shown).toHaveLength(4);
    expect(shown[2]).toContain('Оплата подтверждена');
    expect(shown[2]).toContain('Пропущен');
    expect(shown.at(-1)).toContain('Сделка завершена');
    expect(shown.join(' ')).not.toContain('Сейчас');
    expect(shown.join(' ')).not.toContain('ждём отправки криптовалюты');
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
  });

  it('ends a cancelled trade at «Сделка отменена», nothing left «ahead»', () => {
    renderApp(
      <ProgressList
        steps={steps({
          paidAt: null,
          status: 'CANCELLED',
          cancelledAt: '2026-01-01T10:30:00Z',
        })}
      />,
    );
    const shown = items();
    expect(shown.at(-1)).toContain('Сделка отменена');
    expect(shown.join(' ')).not.toContain('Сделка завершена');
    expect(shown.join(' ')).not.toContain('Впереди');
    expect(shown[1]).toContain('Пропущен');
  });

  it('still says what a live trade waits for', () => {
    renderApp(<ProgressList steps={steps({ status: 'PAYMENT_PENDING' })} />);
    expect(items()[1]).toContain('Сейчас: ждём подтверждения продавца');
  });

  it('tells the seller to send the details before the buyer can pay, and the buyer to wait for them', () => {
    renderApp(<ProgressList steps={steps({ status: 'ESCROW_LOCKED', paidAt: null }, 'seller')} />);
    expect(items()[0]).toContain('Сейчас: отправьте реквизиты покупателю');
    document.body.innerHTML = '';
    renderApp(<ProgressList steps={steps({ status: 'ESCROW_LOCKED', paidAt: null }, 'buyer')} />);
    expect(items()[0]).toContain('Сейчас: ждём реквизиты продавца');
  });
});
