import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../i18n/index.ts';
import { AdminMessages } from './admin.ts';
import { AuthMessages } from './auth.ts';
import { BackOfficeMessages } from './backoffice.ts';
import { ChatMessages, systemLineText } from './chat.ts';
import { MerchantApiMessages } from './merchant-api.ts';
import { OrderMessages } from './orders.ts';
import { PaymentTemplateMessages, ReceiptMessages } from './payment-templates.ts';
import { SettingsMessages } from './settings.ts';
import { PayerMessages } from './trades.ts';
import { TwoFactorMessages } from './two-factor.ts';
import { AvatarMessages } from './users.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** Modules whose messages a zod schema or a rule answers with. */
const SOURCES = [
  ...readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(here, f)),
  join(here, '../withdrawal-rules.ts'),
  join(here, '../trade-machine.ts'),
];

/** Code of a source file without its comments (a comment may quote a screen's words). */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('the shared schemas speak in catalogue keys (docs/decisions/015)', () => {
  it('no schema or rule module carries a Russian sentence', () => {
    for (const file of SOURCES) {
      const sentences = codeOf(file).match(/(['"`])[^'"`\n]*[А-Яа-яЁё][^'"`\n]*\1/g) ?? [];
      expect(sentences, file).toEqual([]);
    }
  });

  it('every exported message constant is a key of the catalogue', () => {
    const tables = {
      AdminMessages,
      AuthMessages,
      BackOfficeMessages,
      ChatMessages,
      MerchantApiMessages,
      OrderMessages,
      PaymentTemplateMessages,
      ReceiptMessages,
      SettingsMessages,
      PayerMessages,
      TwoFactorMessages,
      AvatarMessages,
    };
    for (const [table, messages] of Object.entries(tables)) {
      for (const [name, key] of Object.entries(messages))
        expect(isMessageKey(key), `${table}.${name}`).toBe(true);
    }
  });
});

describe('a SYSTEM chat line', () => {
  it('reads in the reader language by its key, and as stored without one', () => {
    const line = { content: 'Покупатель отметил оплату', contentKey: 'chat.system.mark_paid' };
    expect(systemLineText(line, 'ru')).toBe('Покупатель отметил оплату');
    expect(systemLineText(line, 'en')).not.toBe(line.content);
    expect(systemLineText(line, 'en')).toBe(translate('en', 'chat.system.mark_paid'));
    expect(systemLineText({ content: 'Старая строка', contentKey: null }, 'en')).toBe('Старая строка');
    expect(systemLineText({ content: 'Строка', contentKey: 'not.a.key' }, 'en')).toBe('Строка');
  });
});
