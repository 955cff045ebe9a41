import { randomUUID } from 'node:crypto';
import type { ApiKeyList, ApiKeyScope, CreateApiKeyRequest, CreatedApiKey } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { startSecurityHold } from '../limits/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import * as repo from './api-keys.repository.ts';
import { keyPrefix, newKeyPair } from './signing.ts';

/** Live keys one account may hold. */
export const MAX_LIVE_KEYS = 10;

/**
 * The box that seals API key and webhook secrets at rest (docs/decisions/025): the server
 * must read them back to verify or make an HMAC, so they are encrypted, not hashed, under a
 * key derived from TOTP_ENCRYPTION_KEY for this purpose alone, the row's id bound in.
 */
export function merchantSecretBox(ctx: Needs<'config'>): SecretBox {
  return new SecretBox(ctx.config.totpEncryptionKey, {
    seal: 'p2p-market merchant api secret v1',
    hash: 'p2p-market merchant api hash v1',
  });
}

/**
 * API keys of the merchant API: created and revoked from a signed-in session only (the key
 * routes refuse keys: key-policy.ts). Creating one takes the account's fresh second factor
 * when it has one on, by the rule and with the refusals of every other step that does.
 */
export class ApiKeysService {
  private readonly box: SecretBox;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly twoFactor: TwoFactorService,
  ) {
    this.box = merchantSecretBox(ctx);
  }

  /** A new key; the answer is the only place its secret ever appears. */
  async create(userId: string, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    const events = new PendingEvents();
    const created = await this.twoFactor.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          await this.twoFactor.requireFreshCodeWhenOn(tx, {
            userId,
            code: request.totpCode,
            now,
            ask: 'apiKeys.codeToCreate',
          });
          if ((await repo.countLiveKeysLocked(tx, userId)) >= MAX_LIVE_KEYS) {
            throw new AppError('CONFLICT', 'apiKeys.tooMany', { max: MAX_LIVE_KEYS });
          }
          const id = randomUUID();
          const { key, secret } = newKeyPair();
          await repo.insertApiKey(tx, {
            id,
            userId,
            name: request.name,
            key,
            secretSealed: this.box.seal(secret, id),
            scopes: request.scopes,
            ipAllowlist: request.ip_allowlist ?? [],
            createdAt: now,
          });
          // A key trades in the owner's name: a security event and hold (docs/decisions/033).
          events.toUsers([userId], 'security:event', { kind: 'api_key_created', at: now.toISOString() });
          await startSecurityHold(this.ctx, tx, { userId, change: 'api_key_created', events });
          await events.writeTo(tx, now);
          return { id, key, secret };
        }),
      request.totpCode,
    );
    events.publishTo(this.ctx.notifier);
    return created;
  }

  async list(userId: string): Promise<ApiKeyList> {
    const rows = await repo.liveKeysOf(this.ctx.db, userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      key_prefix: keyPrefix(row.key),
      scopes: row.scopes as ApiKeyScope[],
      ip_allowlist: row.ipAllowlist,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** Revokes one of the caller's keys; another user's key, or an unknown one, is 404. */
  async revoke(userId: string, id: string): Promise<{ id: string }> {
    if (!(await repo.revokeKey(this.ctx.db, userId, id, this.ctx.clock.now()))) {
      throw notFound('apiKeys.notFound');
    }
    return { id };
  }
}
