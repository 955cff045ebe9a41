import { describe, expect, it } from 'vitest';
import { miniAppInitData } from './mini-app';

describe('miniAppInitData', () => {
  it('reads the signed launch data Telegram puts in the hash', () => {
    const initData = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1795000000&hash=ab12';
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
    expect(miniAppInitData(hash)).toBe(initData);
  });

  it('ignores ordinary hashes and launch data without a signature', () => {
    expect(miniAppInitData('')).toBeNull();
    expect(miniAppInitData('#section')).toBeNull();
    expect(miniAppInitData(`#tgWebAppData=${encodeURIComponent('user=%7B%7D&auth_date=1')}`)).toBeNull();
  });
});
