import { randomUUID } from 'node:crypto';
import type { CreatedWebhook, CreateWebhookRequest, WebhookEvent, WebhookList } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { merchantSecretBox, newWebhookSecret } from '../api-keys/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { webhookUrlRefusal } from './webhook-url.ts';
import * as repo from './webhooks.repository.ts';

/** Webhooks one account may have. */
export const MAX_WEBHOOKS = 5;
/** Deliveries of each webhook its list shows. */
const RECENT_DELIVERIES = 10;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Webhooks of the merchant API (docs/api.md): a user's HTTPS endpoints for their trade and
 * order events, each with a signing secret shown once. Managed from a signed-in session only.
 */
export class WebhooksService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async create(userId: string, request: CreateWebhookRequest): Promise<CreatedWebhook> {
    const refusal = webhookUrlRefusal(request.url, this.ctx.config.env);
    if (refusal) throw new AppError('VALIDATION_ERROR', refusal, undefined, { field: 'url' });
    const box = merchantSecretBox(this.ctx);
    // A webhook hears the account's trades and chats: it asks the second factor as a key does
    // (docs/decisions/033), after the route checked the re-authentication.
    const events = new PendingEvents();
    const created = await this.twoFactor.countingFailures(userId, () =>
      this.ctx.db.transaction(async (tx) => {
        await this.twoFactor.requireFreshCodeWhenOn(tx, {
          userId,
          code: request.totpCode,
          now: this.ctx.clock.now(),
          ask: 'security.codeToAddWebhook',
        });
        if ((await repo.countWebhooksLocked(tx, userId)) >= MAX_WEBHOOKS) {
          throw new AppError('CONFLICT', 'webhooks.tooMany', { max: MAX_WEBHOOKS });
        }
        const id = randomUUID();
        const secret = newWebhookSecret();
        await repo.insertWebhook(tx, {
          id,
          userId,
          url: request.url,
          events: request.events,
          secretSealed: box.seal(secret, id),
          createdAt: this.ctx.clock.now(),
        });
        // The owner hears of every new listener (docs/decisions/033, "Security events").
        events.toUsers([userId], 'security:event', {
          kind: 'webhook_created',
          at: this.ctx.clock.now().toISOString(),
        });
        await events.writeTo(tx, this.ctx.clock.now());
        return { id, secret };
      }),
    );
    events.publishTo(this.ctx.notifier);
    return created;
  }

  /** The user's webhooks with their recent deliveries (status, attempts, next retry). */
  async list(userId: string): Promise<WebhookList> {
    const hooks = await repo.webhooksOf(this.ctx.db, userId);
    return Promise.all(
      hooks.map(async (hook) => {
        const deliveries = await repo.recentDeliveries(this.ctx.db, hook.id, RECENT_DELIVERIES);
        return {
          id: hook.id,
          url: hook.url,
          events: hook.events as WebhookEvent[],
          created_at: hook.createdAt.toISOString(),
          deliveries: deliveries.map((d) => ({
            id: d.id,
            event_id: d.eventId,
            event_type: d.eventType,
            status: d.status,
            attempts: d.attempts,
            last_status_code: d.lastStatusCode,
            last_outcome: d.lastOutcome,
            created_at: d.createdAt.toISOString(),
            last_attempt_at: iso(d.lastAttemptAt),
            next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
            delivered_at: iso(d.deliveredAt),
          })),
        };
      }),
    );
  }

  /** Deletes one of the caller's webhooks (its pending deliveries go with it); others' are 404. */
  async remove(userId: string, id: string): Promise<{ id: string }> {
    if (!(await repo.deleteWebhook(this.ctx.db, userId, id))) throw notFound('webhooks.notFound');
    return { id };
  }
}
