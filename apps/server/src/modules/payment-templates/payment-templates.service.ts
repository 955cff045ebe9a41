import {
  isFullTemplate,
  maskDetails,
  PAYMENT_TEMPLATES_MAX,
  type PaymentTemplateInput,
  type PaymentTemplateView,
  type UpdatePaymentTemplateRequest,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { PaymentTemplateRow, TradeRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { idempotent } from '../idempotency/index.ts';
import { lockTrade, roleOf } from '../trade-access/index.ts';
import * as repo from './payment-templates.repository.ts';

/** The seller may (re)send details until the buyer's payment is confirmed. */
const ATTACHABLE: readonly TradeRow['status'][] = ['CREATED', 'ESCROW_LOCKED', 'PAYMENT_PENDING'];

export function toTemplateView(row: PaymentTemplateRow): PaymentTemplateView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    isDefault: row.isDefault,
    isActive: row.isActive,
    details: row.details,
    maskedDetails: maskDetails(row.type, row.details),
    usageCount: row.usageCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class PaymentTemplatesService {
  constructor(private readonly ctx: Needs<'db' | 'clock' | 'notifier'>) {}

  async list(userId: string): Promise<PaymentTemplateView[]> {
    return (await repo.listTemplatesOfUser(this.ctx.db, userId)).map(toTemplateView);
  }

  /** Saves a template; a new default replaces the old one in the same transaction. */
  async create(userId: string, input: PaymentTemplateInput, idempotencyKey?: string) {
    const now = this.ctx.clock.now();
    return idempotent(
      this.ctx.db,
      { userId, scope: 'payment-templates.create', key: idempotencyKey, request: input },
      async (tx) => {
        await repo.lockTemplateOwner(tx, userId);
        if ((await repo.countTemplatesOfUser(tx, userId)) >= PAYMENT_TEMPLATES_MAX) {
          throw new AppError('RULE_VIOLATION', 'errors.templatesMax', { max: PAYMENT_TEMPLATES_MAX });
        }
        if (input.isDefault && !input.isActive)
          throw new AppError('RULE_VIOLATION', 'errors.templateDefaultActive');
        if (input.isDefault) await repo.clearDefault(tx, userId, null, now);
        const row = await repo.insertTemplate(tx, {
          userId,
          name: input.name,
          type: input.type,
          details: input.details as Record<string, string>,
          isDefault: input.isDefault,
          isActive: input.isActive,
          createdAt: now,
          updatedAt: now,
        });
        return toTemplateView(row);
      },
    );
  }

  /** A whole template, or only its flags. Deactivating the default also stops it being default. */
  async update(userId: string, id: string, body: UpdatePaymentTemplateRequest): Promise<PaymentTemplateView> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockTemplateOwner(tx, userId);
      const row = await repo.findTemplateOfUser(tx, userId, id);
      if (!row) throw notFound('errors.templateNotFound');
      const isActive = body.isActive ?? row.isActive;
      const isDefault = body.isDefault ?? (isActive ? row.isDefault : false);
      if (isDefault && !isActive) throw new AppError('RULE_VIOLATION', 'errors.templateDefaultActive');
      if (isDefault && !row.isDefault) await repo.clearDefault(tx, userId, id, now);
      const patch: Partial<repo.NewPaymentTemplate> = { isActive, isDefault, updatedAt: now };
      if (isFullTemplate(body)) {
        Object.assign(patch, {
          name: body.name,
          type: body.type,
          details: body.details as Record<string, string>,
        });
      }
      return toTemplateView(await repo.updateTemplate(tx, id, patch));
    });
  }

  async remove(userId: string, id: string): Promise<{ message: string }> {
    const deleted = await this.ctx.db.transaction((tx) => repo.deleteTemplate(tx, userId, id));
    if (!deleted) throw notFound('errors.templateNotFound');
    return { message: 'Способ оплаты удален' };
  }

  /**
   * The seller sends one of their active templates to the buyer: a snapshot of its details
   * is stored on the trade. No money moves. Both parties are told after the commit. The route
   * answers with the trade's details (trades.routes.ts).
   */
  async attachToTrade(userId: string, tradeId: string, templateId: string): Promise<void> {
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    await this.ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, tradeId);
      if (!trade) throw notFound('errors.tradeNotFound');
      const role = roleOf(trade, userId);
      if (role === 'observer') throw notFound('errors.tradeNotFound');
      if (role !== 'seller') throw new AppError('FORBIDDEN', 'errors.detailsBySeller');
      if (!ATTACHABLE.includes(trade.status)) {
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
          status: trade.status,
        });
      }
      const template = await repo.lockTemplateOfUser(tx, userId, templateId);
      if (!template) throw notFound('errors.templateNotFound');
      if (!template.isActive) throw new AppError('RULE_VIOLATION', 'errors.templateInactive');
      // The buyer cannot pay before the details exist: their window (the order's time limit,
      // counted from the opening until now) restarts when the first details arrive; until then
      // the opening's deadline is the seller's to send them (docs/decisions/034).
      if (
        trade.status === 'ESCROW_LOCKED' &&
        now < trade.paymentDeadline &&
        !(await repo.hasSentDetails(tx, tradeId))
      ) {
        const window = trade.paymentDeadline.getTime() - trade.createdAt.getTime();
        await repo.extendPaymentDeadline(tx, tradeId, new Date(now.getTime() + window), now);
      }
      await repo.insertSentDetails(tx, {
        tradeId,
        templateId,
        sellerId: userId,
        name: template.name,
        type: template.type,
        details: template.details,
        sentAt: now,
      });
      await repo.markTemplateUsed(tx, templateId, now);
      events.toUsers([trade.buyerId, trade.sellerId], 'trade:payment_template_attached', {
        tradeId,
        templateId,
        message: 'Продавец предоставил данные для оплаты',
      });
      await events.writeTo(tx, now);
      return trade;
    });
    events.publishTo(this.ctx.notifier);
  }
}
