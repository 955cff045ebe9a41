import { createHash, randomBytes } from 'node:crypto';
import type { Needs } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { startSecurityHold } from '../limits/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import * as repo from './telegram.repository.ts';

/** A connect link lives this long. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkOutcome =
  | { kind: 'linked'; user: UserRow; replaced: bigint | null }
  /** Unknown, used or expired. */
  | { kind: 'invalid' }
  /** The account was made by Telegram sign-in, and by another Telegram user. */
  | { kind: 'not_owner'; userId: string }
  | { kind: 'blocked' }
  /** The chat is linked to another account. */
  | { kind: 'chat_taken' };

/**
 * Connecting a Telegram chat to an account (docs/decisions/023, "Telegram is tied to its
 * owner"). A link is issued only with a fresh second-factor code when two-factor is on, and
 * opening it links only the Telegram user the account was created with (when it was created
 * by Telegram sign-in). A refused /start leaves the link unspent: it is useless to anyone but
 * the owner, and spending it would let whoever saw it cancel the owner's connection.
 */
export class TelegramLinkService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** A one-time `/start` deep link of `botUsername` for the user; `code` when two-factor is on. */
  async create(
    userId: string,
    code: string | undefined,
    botUsername: string,
  ): Promise<{ url: string; token: string; expiresAt: Date }> {
    const token = randomBytes(24).toString('base64url');
    // A wrong code counts towards the lock, as on every path.
    return this.twoFactor.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          await this.twoFactor.requireFreshCodeWhenOn(tx, { userId, code, now, ask: 'security.codeToLink' });
          const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
          await repo.insertLinkToken(tx, { tokenHash: hashLinkToken(token), userId, expiresAt, now });
          return { url: `https://t.me/${botUsername}?start=${token}`, token, expiresAt };
        }),
      code,
    );
  }

  /**
   * `/start <token>` from Telegram user `fromId` in the private chat `chatId`: links the chat
   * when the token is live, its account not blocked, the Telegram user the account's own (if it
   * has one) and the chat nobody else's. The token, its account and the chat change together.
   */
  async link(token: string, chatId: number, fromId: number): Promise<LinkOutcome> {
    const events = new PendingEvents();
    const outcome = await this.ctx.db.transaction(async (tx): Promise<LinkOutcome> => {
      const now = this.ctx.clock.now();
      const live = await repo.lockLiveLinkToken(tx, hashLinkToken(token), now);
      if (!live) return { kind: 'invalid' };
      const { user } = live;
      // Another Telegram user learns nothing more about the account, not even that it is blocked.
      if (user.telegramId !== null && user.telegramId !== BigInt(fromId)) {
        return { kind: 'not_owner', userId: user.id };
      }
      if (user.blockedAt) return { kind: 'blocked' };
      const linked = await repo.linkChat(tx, user.id, BigInt(chatId), now);
      if (linked.taken) return { kind: 'chat_taken' };
      await repo.markLinkTokenUsed(tx, live.tokenHash, now);
      // Another chat now hears the account and answers its prompts: a security hold (docs/decisions/033).
      events.toUsers([user.id], 'security:event', { kind: 'telegram_linked', at: now.toISOString() });
      if (linked.replaced !== null) {
        await startSecurityHold(this.ctx, tx, { userId: user.id, change: 'telegram_relinked', events });
      }
      await events.writeTo(tx, now);
      return { kind: 'linked', user, replaced: linked.replaced };
    });
    events.publishTo(this.ctx.notifier);
    return outcome;
  }
}
