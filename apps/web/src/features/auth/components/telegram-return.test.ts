import { describe, expect, it } from 'vitest';
import { telegramFieldsFrom } from './TelegramLoginButton';

describe('telegramFieldsFrom (redirect-mode return)', () => {
  it('keeps exactly the signed fields Telegram appends', () => {
    const query = new URLSearchParams(
      'return=%2Fdashboard&id=42&first_name=Vera&username=vera&auth_date=1795000000&hash=abc123&extra=no',
    );
    expect(telegramFieldsFrom(query)).toEqual({
      id: '42',
      first_name: 'Vera',
      username: 'vera',
      auth_date: '1795000000',
      hash: 'abc123',
    });
  });

  it('is null for an ordinary visit to the sign-in page', () => {
    expect(telegramFieldsFrom(new URLSearchParams('return=%2Fdashboard'))).toBeNull();
    expect(telegramFieldsFrom(new URLSearchParams('id=42&auth_date=1'))).toBeNull();
  });
});
