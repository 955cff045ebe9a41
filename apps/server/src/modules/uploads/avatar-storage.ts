import type { UploadStore } from './upload-store.ts';

/**
 * Avatar files live in the shared upload store (every instance reads them) under a new name
 * on every upload, `{upload id}.webp`, so their public URL never changes content and can be
 * cached for good.
 */
export const AVATAR_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

const keyOf = (fileName: string) => {
  if (!AVATAR_FILE_NAME.test(fileName)) throw new Error(`refusing avatar file name ${fileName}`);
  return fileName.slice(0, -'.webp'.length);
};

export class AvatarStorage {
  constructor(private readonly uploads: UploadStore) {}

  async save(data: Buffer): Promise<string> {
    return `${await this.uploads.save('avatar', data, 'image/webp')}.webp`;
  }

  async read(fileName: string): Promise<Buffer | null> {
    return (await this.uploads.read(keyOf(fileName)))?.data ?? null;
  }

  async remove(fileName: string): Promise<void> {
    await this.uploads.remove(keyOf(fileName)).catch(() => {});
  }
}
