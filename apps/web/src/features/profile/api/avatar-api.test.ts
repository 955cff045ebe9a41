import { translate } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-api';

/** The refusal as a Russian reader sees it (the check answers catalogue keys). */
const shown = (file: Parameters<typeof checkAvatarFile>[0]) => {
  const key = checkAvatarFile(file);
  return key && translate('ru', key);
};

describe('avatar file check', () => {
  it('accepts JPEG, PNG and WebP up to 2 MB with their extensions', () => {
    expect(checkAvatarFile({ name: 'me.JPG', type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.webp', type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types, 2 MB + 1 and wrong extensions with their messages', () => {
    expect(shown({ name: 'x.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Недопустимый тип файла. Разрешены только JPEG, PNG и WebP',
    );
    expect(shown({ name: 'x.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'Файл слишком большой. Максимальный размер 2MB',
    );
    expect(shown({ name: 'x.gif', type: 'image/png', size: 10 })).toBe('Недопустимое расширение файла');
  });
});
