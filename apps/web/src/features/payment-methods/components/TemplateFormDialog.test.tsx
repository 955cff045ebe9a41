import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { TemplateFormDialog } from './TemplateFormDialog';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((_path, init) => ({ id: 'tpl-1', ...JSON.parse(String(init.body ?? '{}')) }));
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const open = (lang: 'ru' | 'en' = 'ru') =>
  renderApp(<TemplateFormDialog editing={null} open onClose={() => {}} />, { lang });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = (name = 'Сохранить') => fireEvent.click(screen.getByRole('button', { name }));

describe('payment template form', () => {
  it('names every missing required field of a bank card and sends nothing', async () => {
    open();
    save();
    expect(await screen.findByText('Введите название')).toBeTruthy();
    expect(screen.getByText('Введите название банка')).toBeTruthy();
    expect(screen.getByText('Введите номер карты')).toBeTruthy();
    expect(screen.getByText('Введите имя держателя')).toBeTruthy();
    expect(screen.getByLabelText('Номер карты').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('speaks English in the English UI: the shared rules, translated', async () => {
    open('en');
    save('Save');
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Enter the card number')).toBeTruthy();
    expect(screen.queryByText('Введите номер карты')).toBeNull();
  });

  it('refuses a card failing the Luhn check; the error goes once the field is edited', async () => {
    open();
    type('Название', 'Карта');
    type('Банк', 'Сбербанк');
    type('Номер карты', '4276 3800 1234 5675');
    type('Имя держателя', 'vera k');
    save();
    expect(await screen.findByText('Некорректный номер карты')).toBeTruthy();
    type('Номер карты', '4276380012345679');
    expect(screen.queryByText('Некорректный номер карты')).toBeNull();
  });

  it('types the card as digits and the holder in capitals, and saves the normalized template', async () => {
    open();
    type('Название', 'Сбер, карта');
    type('Банк', 'Сбербанк');
    type('Номер карты', '4276 3800-1234 5679 77777');
    type('Имя держателя', 'vera k');
    expect((screen.getByLabelText('Номер карты') as HTMLInputElement).value).toBe('4276380012345679777');
    expect((screen.getByLabelText('Имя держателя') as HTMLInputElement).value).toBe('VERA K');
    type('Номер карты', '4276380012345679');
    save();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      path: '/payment-templates',
      method: 'POST',
      body: {
        name: 'Сбер, карта',
        type: 'BANK_CARD',
        isActive: true,
        isDefault: false,
        details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'VERA K' },
      },
    });
  });

  it('starts the details afresh when the type changes', async () => {
    open();
    type('Банк', 'Сбербанк');
    fireEvent.change(screen.getByLabelText('Тип'), { target: { value: 'SBP' } });
    expect(screen.queryByLabelText('Номер карты')).toBeNull();
    expect((screen.getByLabelText('Банк получателя') as HTMLInputElement).value).toBe('');
    save();
    expect(await screen.findByText('Введите номер телефона')).toBeTruthy();
    expect(screen.getByText('Введите банк')).toBeTruthy();
  });
});
