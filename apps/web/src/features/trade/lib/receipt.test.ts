import { translate } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { checkReceipt } from './receipt';

describe('receipt checks', () => {
  it('accepts JPEG and PNG up to 5 MB', () => {
    expect(checkReceipt({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkReceipt({ type: 'image/jpeg', size: 1 })).toBeNull();
  });

  it('refuses other files with their messages', () => {
    const text = (file: { type: string; size: number }) => {
      const key = checkReceipt(file);
      return key && translate('ru', key);
    };
    expect(text({ type: 'image/gif', size: 10 })).toBe('Пожалуйста, выберите изображение (JPG, PNG)');
    expect(text({ type: 'application/pdf', size: 10 })).toBe('Пожалуйста, выберите изображение (JPG, PNG)');
    expect(text({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Файл слишком большой. Максимум 5MB');
  });
});
