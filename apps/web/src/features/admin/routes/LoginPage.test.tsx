import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { AdminSessionProvider } from '../session';
import { LoginPage } from './LoginPage';

const admin = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'olga@example.test',
  firstName: 'Ольга',
  lastName: 'Петрова',
  role: 'admin',
  twoFactorEnabled: true,
  twoFactorRequired: true,
};

/** Answers /admin/auth/login in turn with each of `answers` (a status and an envelope). */
function serve(answers: { status: number; body: unknown }[]) {
  const calls: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    calls.push(JSON.parse(String(init.body)));
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

const render = () =>
  renderApp(
    <AdminSessionProvider>
      <LoginPage />
    </AdminSessionProvider>,
  );
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Войти|Подтвердить/ }));
const alertText = () => screen.getByRole('alert').textContent;

describe('/admin/login', () => {
  it('checks when submitted: all fields first, then the email, then the password', async () => {
    const calls = serve([]);
    render();
    submit();
    await waitFor(() => expect(alertText()).toBe('Ошибка входаЗаполните все поля'));
    fill('Электронная почта', 'olga');
    submit();
    await waitFor(() => expect(alertText()).toBe('Ошибка входаЗаполните все поля'));
    fill('Пароль', '123');
    submit();
    await waitFor(() => expect(alertText()).toBe('Ошибка входаНеверный формат email'));
    fill('Электронная почта', 'olga@example.test');
    submit();
    await waitFor(() => expect(alertText()).toBe('Ошибка входаПароль должен быть минимум 6 символов'));
    expect(calls).toEqual([]);
  });

  it('shows the refusal, then asks for the code and sends it with the trimmed email', async () => {
    const calls = serve([
      { status: 401, body: { success: false, error: 'Неверный email или пароль' } },
      { status: 403, body: { success: false, error: 'Нужен код', code: 'TWO_FACTOR_REQUIRED' } },
      {
        status: 200,
        body: {
          success: true,
          data: { admin, accessToken: 'a', refreshToken: 'r', enrolmentRequired: false },
        },
      },
    ]);
    render();
    fill('Электронная почта', ' olga@example.test ');
    fill('Пароль', ' secret1 ');
    submit();
    await waitFor(() => expect(alertText()).toBe('Ошибка входаНеверный email или пароль'));
    submit();
    const code = await screen.findByLabelText('Код двухфакторной аутентификации');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Электронная почта') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(code, { target: { value: '12a34 56' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    submit();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      { email: 'olga@example.test', password: ' secret1 ' },
      { email: 'olga@example.test', password: ' secret1 ' },
      { email: 'olga@example.test', password: ' secret1 ', code: '123456' },
    ]);
    await waitFor(() => expect(localStorage.getItem('admin_access_token')).toBe('a'));
  });

  it('goes back to another account: the code field goes and its code is forgotten', async () => {
    const calls = serve([
      { status: 403, body: { success: false, error: 'Нужен код', code: 'TWO_FACTOR_REQUIRED' } },
      { status: 403, body: { success: false, error: 'Нужен код', code: 'TWO_FACTOR_REQUIRED' } },
      { status: 401, body: { success: false, error: 'Неверный код' } },
    ]);
    render();
    fill('Электронная почта', 'olga@example.test');
    fill('Пароль', 'secret1');
    submit();
    fireEvent.change(await screen.findByLabelText('Код двухфакторной аутентификации'), {
      target: { value: '111111' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Другой аккаунт' }));
    expect(screen.queryByLabelText('Код двухфакторной аутентификации')).toBeNull();
    submit();
    const code = await screen.findByLabelText('Код двухфакторной аутентификации');
    expect((code as HTMLInputElement).value).toBe('');
    submit();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ email: 'olga@example.test', password: 'secret1', code: '' });
  });
});
