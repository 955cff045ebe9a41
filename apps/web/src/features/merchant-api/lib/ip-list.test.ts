import { CreateApiKeyRequest } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { parseIpList } from './ip-list';

describe('the IP allow-list field', () => {
  it('splits on commas, spaces and new lines and drops blanks', () => {
    expect(parseIpList(' 203.0.113.7,\n2001:db8::1 ;  198.51.100.2 \n\n')).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      '198.51.100.2',
    ]);
    expect(parseIpList('   ')).toEqual([]);
  });

  it('is checked by the shared schema: a malformed address is refused by its key', () => {
    const result = CreateApiKeyRequest.safeParse({
      name: 'Бот',
      scopes: ['read'],
      ip_allowlist: parseIpList('203.0.113.7, 300.1.1.1'),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('apiKeys.ipInvalid');
  });
});
