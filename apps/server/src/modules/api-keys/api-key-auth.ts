import type { ApiKeyScope } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError, unauthorized } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from './api-keys.repository.ts';
import { merchantSecretBox } from './api-keys.service.ts';
import { actionNeedsSession, keyAccessOf } from './key-policy.ts';
import { KEY_FORMAT, SIGNATURE_SKEW_MS, signaturesMatch, signRequest } from './signing.ts';

/** What authenticating a signed request reads before its body. */
export interface KeyRequestHead {
  method: string;
  /** The route's pattern (`/api/v1/trades/:id/actions`): what the key policy is written in. */
  route: string;
  /** The path with its query string, as sent: what the signature covers. */
  url: string;
  ip: string;
  key: unknown;
  timestamp: unknown;
  signature: unknown;
}

/** A request whose key, time and address passed; its signature awaits the body. */
export interface PendingKeyRequest {
  key: repo.KeyForRequest;
  secret: string;
  scope: ApiKeyScope;
  timestamp: string;
  signature: string;
  method: string;
  url: string;
}

/** The key a verified request acts with, as its owner. */
export interface KeyCaller {
  keyId: string;
  userId: string;
  scopes: ApiKeyScope[];
}

/** `::ffff:1.2.3.4` (IPv4 over an IPv6 socket) compares as `1.2.3.4`. */
const plainIp = (ip: string) => ip.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * Authenticates signed requests of the merchant API (docs/decisions/025), in two steps because
 * the signature covers the body: `admit` before the body is read (the route's policy, the
 * headers, the clock, the key, its owner, the address), `verify` once it is (the HMAC, the
 * scope, the replay). Every refusal of a credential is 401; a missing scope or a step that
 * needs the owner's session is 403.
 */
export class ApiKeyAuthenticator {
  private readonly box: SecretBox;
  /** Keys whose use this instance noted in the last minute (last_used_at, at most once a minute). */
  private readonly noted = new Map<string, number>();

  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock'>) {
    this.box = merchantSecretBox(ctx);
  }

  async admit(head: KeyRequestHead): Promise<PendingKeyRequest> {
    // The policy is public (docs/api.md): refusing by it first tells nothing about the key.
    const access = keyAccessOf(head.method, head.route);
    if ('sessionOnly' in access) throw new AppError('FORBIDDEN', 'apiKeys.sessionOnly');
    const { key, timestamp, signature } = head;
    if (
      typeof key !== 'string' ||
      typeof timestamp !== 'string' ||
      typeof signature !== 'string' ||
      !/^\d{1,16}$/.test(timestamp)
    ) {
      throw unauthorized('apiKeys.headersMissing');
    }
    const now = this.ctx.clock.now().getTime();
    if (Math.abs(now - Number(timestamp)) > SIGNATURE_SKEW_MS) {
      throw new AppError('UNAUTHORIZED', 'apiKeys.timestampSkew', { seconds: SIGNATURE_SKEW_MS / 1000 });
    }
    const row = KEY_FORMAT.test(key) ? await repo.keyForRequest(this.ctx.db, key) : undefined;
    if (!row || row.revokedAt) throw unauthorized('apiKeys.unknownKey');
    if (row.blockedAt) throw unauthorized('apiKeys.userBlocked');
    if (row.ipAllowlist.length > 0 && !row.ipAllowlist.map(plainIp).includes(plainIp(head.ip))) {
      throw unauthorized('apiKeys.ipNotAllowed');
    }
    const secret = this.box.open(row.secretSealed, row.id);
    return {
      key: row,
      secret,
      scope: access.scope,
      timestamp,
      signature,
      method: head.method,
      url: head.url,
    };
  }

  async verify(pending: PendingKeyRequest, body: Buffer): Promise<KeyCaller> {
    const { key, secret, timestamp, method, url, signature } = pending;
    const expected = signRequest(secret, { timestamp, method, path: url, body });
    if (!signaturesMatch(expected, signature.toLowerCase())) throw unauthorized('apiKeys.badSignature');
    const scopes = key.scopes as ApiKeyScope[];
    if (!scopes.includes(pending.scope)) {
      throw new AppError(
        'FORBIDDEN',
        'apiKeys.scopeMissing',
        { scope: pending.scope },
        { scope: pending.scope },
      );
    }
    const now = this.ctx.clock.now();
    // Kept until the timestamp could no longer pass the skew check anyway.
    const expiresAt = new Date(Number(timestamp) + SIGNATURE_SKEW_MS + 1000);
    const fresh = await repo.acceptSignatureOnce(this.ctx.db, {
      keyId: key.id,
      signature: expected,
      expiresAt,
      now,
    });
    if (!fresh) throw unauthorized('apiKeys.replayed');
    await this.noteUse(key.id, now);
    return { keyId: key.id, userId: key.userId, scopes };
  }

  /** A trade action a key never takes (confirming receipt, releasing): 403. */
  refuseAction(action: unknown): void {
    if (actionNeedsSession(action)) {
      throw new AppError('FORBIDDEN', 'apiKeys.actionSessionOnly');
    }
  }

  private async noteUse(keyId: string, now: Date): Promise<void> {
    const at = now.getTime();
    if ((this.noted.get(keyId) ?? 0) > at - 60_000) return;
    this.noted.set(keyId, at);
    if (this.noted.size > 50_000) this.noted.clear();
    await repo.touchKeyUsed(this.ctx.db, keyId, now);
  }
}
