import type { DisputeCase } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { EvidenceForm, ResolveForm } from './CaseForms';

const TRADE = '00000000-0000-4000-8000-0000000000f1';
const dispute = {
  trade: { id: TRADE, amountCrypto: '0.02000000', cryptocurrency: 'BTC' },
  buyer: { name: 'Покупатель Борис' },
  seller: { name: 'Продавец Сергей' },
} as unknown as DisputeCase;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi(() => ({ tradeId: TRADE, status: 'COMPLETED', settlement: 'released' }));
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const posts = () => api.calls.filter((c) => c.method === 'POST');

describe('the dispute case: the resolve form', () => {
  it('asks for an outcome, then a written one of 5 or more, then a second question', async () => {
    renderApp(<ResolveForm dispute={dispute} />);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Решение' }));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Выберите решение');
    fireEvent.click(screen.getByRole('radio', { name: 'Вернуть продавцу' }));
    fireEvent.change(screen.getByLabelText('Решение для сторон'), { target: { value: ' abc ' } });
    expect(screen.getByRole('alert').textContent).toBe('Выберите решение');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Опишите решение: минимум 5 символов'),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Выпустить покупателю' }));
    fireEvent.change(screen.getByLabelText('Решение для сторон'), {
      target: { value: '  Банк подтвердил перевод  ' },
    });
    submit();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/Передать .+ покупателю Покупатель Борис\? Это необратимо\./);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выпустить покупателю' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          path: `/admin/trades/${TRADE}/resolve`,
          method: 'POST',
          body: { outcome: 'release', note: 'Банк подтвердил перевод' },
        },
      ]),
    );
  });

  it('sends nothing when the second question is cancelled', async () => {
    renderApp(<ResolveForm dispute={dispute} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Вернуть продавцу' }));
    fireEvent.change(screen.getByLabelText('Решение для сторон'), { target: { value: 'Оплаты не было' } });
    fireEvent.click(screen.getByRole('button', { name: 'Решение' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Продавец Сергей');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
  });
});

describe('the dispute case: the evidence request', () => {
  it('sends the party, the trimmed text and the hours, then empties the text', async () => {
    renderApp(<EvidenceForm tradeId={TRADE} />);
    const send = screen.getByRole('button', { name: 'Запросить' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('У кого'), { target: { value: 'buyer' } });
    fireEvent.change(screen.getByLabelText('Что нужно прислать'), { target: { value: ' Выписку ' } });
    fireEvent.change(screen.getByLabelText('Срок ответа, часов'), { target: { value: '12' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          path: `/admin/disputes/${TRADE}/evidence`,
          method: 'POST',
          body: { party: 'buyer', text: 'Выписку', hours: 12 },
        },
      ]),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Что нужно прислать') as HTMLTextAreaElement).value).toBe(''),
    );
  });
});
