import type { AvatarInfo, AvatarUploadResult } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { UserAvatarRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { effectiveAvatar, findUserById, updateUser, userViewOf } from '../users/index.ts';
import { checkAvatarExtension, reencodeAvatar } from './avatar-image.ts';
import { AVATAR_FILE_NAME, AvatarStorage } from './avatar-storage.ts';
import {
  deleteAvatar,
  findAvatar,
  findAvatarFile,
  lockAvatarFileName,
  upsertAvatar,
} from './avatars.repository.ts';

export const avatarUrl = (fileName: string) => `/api/v1/avatars/${fileName}`;
const signedOut = () => new AppError('UNAUTHORIZED', 'errors.unauthorized');

/**
 * A user's own avatar: stored re-encoded under a random name, recorded in user_avatars and as
 * users.custom_avatar_url, so every view of the user (me, trade parties, book owners, public
 * profile, chat) shows it through the same effective-avatar rule.
 */
export class AvatarsService {
  private readonly storage: AvatarStorage;
  constructor(private readonly ctx: Needs<'db' | 'clock' | 'uploads'>) {
    this.storage = new AvatarStorage(ctx.uploads);
  }

  async upload(userId: string, file: { bytes: Buffer; originalName: string }): Promise<AvatarUploadResult> {
    checkAvatarExtension(file.originalName);
    const image = await reencodeAvatar(file.bytes);
    const fileName = await this.storage.save(image.data);
    const now = this.ctx.clock.now();
    let previous: string | null;
    let user: Awaited<ReturnType<typeof updateUser>>;
    try {
      ({ previous, user } = await this.ctx.db.transaction(async (tx) => {
        const old = await lockAvatarFileName(tx, userId);
        const values = {
          fileName,
          mimeType: 'image/webp',
          fileSize: image.data.length,
          originalSize: file.bytes.length,
          width: image.width,
          height: image.height,
          createdAt: now,
        };
        await upsertAvatar(tx, userId, values);
        const user = await updateUser(tx, userId, { customAvatarUrl: avatarUrl(fileName) }, now);
        if (!user) throw signedOut();
        return { previous: old, user };
      }));
    } catch (error) {
      await this.storage.remove(fileName);
      throw error;
    }
    if (previous) await this.storage.remove(previous);
    return {
      avatarUrl: avatarUrl(fileName),
      fileSize: file.bytes.length,
      processedSize: image.data.length,
      width: image.width,
      height: image.height,
      user: await userViewOf(this.ctx.db, user, this.ctx.clock.now()),
    };
  }

  /** Removes the custom avatar (nothing to remove is not an error: the result is the same). */
  async remove(userId: string): Promise<AvatarInfo> {
    const now = this.ctx.clock.now();
    const previous = await this.ctx.db.transaction(async (tx) => {
      const old = await deleteAvatar(tx, userId);
      if (!(await updateUser(tx, userId, { customAvatarUrl: null }, now))) throw signedOut();
      return old;
    });
    if (previous) await this.storage.remove(previous);
    return this.info(userId);
  }

  async info(userId: string): Promise<AvatarInfo> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw signedOut();
    const row = await findAvatar(this.ctx.db, userId);
    return infoOf(row, effectiveAvatar(user));
  }

  /** The public bytes of an avatar file; unknown or malformed names are 404. */
  async read(fileName: string): Promise<Buffer> {
    if (!AVATAR_FILE_NAME.test(fileName)) throw notFound('errors.avatarNotFound');
    const stored = await findAvatarFile(this.ctx.db, fileName);
    const bytes = stored ? await this.storage.read(stored) : null;
    if (!bytes) throw notFound('errors.avatarNotFound');
    return bytes;
  }
}

function infoOf(row: UserAvatarRow | null, effective: string | null): AvatarInfo {
  return {
    hasCustomAvatar: row !== null,
    avatarUrl: row ? avatarUrl(row.fileName) : null,
    effectiveAvatar: effective,
    mimeType: row?.mimeType ?? null,
    fileSize: row?.fileSize ?? null,
    width: row?.width ?? null,
    height: row?.height ?? null,
    uploadedAt: row?.createdAt.toISOString() ?? null,
  };
}
