import type { AdminUserView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { BlockDialog, NoteForm } from './UserModeration';

const USER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const user = { id: USER, blockedAt: null } as unknown as AdminUserView;

/** Answers each POST in turn with `answers` (a status and an envelope). */
function serve(answers: { status: number; body: unknown }[]) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ path: url.replace(/^\/api\/v1/, ''), body: JSON.parse(String(init.body)) });
    const answer = answers.shift() ?? { status: 200, body: { success: true, data: {} } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('blocking a user', () => {
  it('asks a reason of 5 or more, shows a refusal, sends the trimmed reason', async () => {
    const calls = serve([{ status: 409, body: { success: false, error: 'Уже заблокирован' } }]);
    const onClose = vi.fn();
    renderApp(<BlockDialog user={user} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog'));
    const reason = dialog.getByLabelText('Причина');
    fireEvent.change(reason, { target: { value: ' abcd ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Заблокировать' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Причина должна быть минимум 5 символов');
    fireEvent.change(reason, { target: { value: ' Мошенничество \n' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Уже заблокирован'));
    expect(calls).toEqual([{ path: `/admin/users/${USER}/block`, body: { reason: 'Мошенничество' } }]);
    fireEvent.click(dialog.getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
  });
});

describe('a staff note', () => {
  it('saves the trimmed text and empties the field', async () => {
    const calls = serve([]);
    renderApp(<NoteForm userId={USER} />);
    const save = screen.getByRole('button', { name: 'Сохранить заметку' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Новая заметка'), { target: { value: ' Звонил в банк ' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls).toEqual([{ path: `/admin/users/${USER}/notes`, body: { text: 'Звонил в банк' } }]),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Новая заметка') as HTMLTextAreaElement).value).toBe(''),
    );
  });
});
