import type { AppContext } from './context.ts';
import {
  AdminService,
  type AdminServices,
  ApprovalsService,
  BalanceOperationsService,
  DashboardService,
  LimitsAdminService,
  SecurityReportsService,
  StaffAdminService,
  StaffAuthService,
  UserAdminService,
  WithdrawalFailsService,
} from './modules/admin/index.ts';
import { ApiKeysService } from './modules/api-keys/index.ts';
import { AuthService } from './modules/auth/index.ts';
import { ChatService } from './modules/chat/index.ts';
import { DepositAddressService, DepositsService } from './modules/deposits/index.ts';
import { DisputesService } from './modules/disputes/index.ts';
import { LimitsService } from './modules/limits/index.ts';
import { NotificationsService, RemindersService } from './modules/notifications/index.ts';
import { OrdersService } from './modules/orders/index.ts';
import { PaymentTemplatesService } from './modules/payment-templates/index.ts';
import { type ReservesLog, ReservesService } from './modules/reserves/index.ts';
import { SettingsService } from './modules/settings/index.ts';
import { SwapsService } from './modules/swaps/index.ts';
import { type BotServices, TelegramLinkService } from './modules/telegram/index.ts';
import { TradesService } from './modules/trades/index.ts';
import { TwoFactorService } from './modules/two-factor/index.ts';
import { AvatarsService, UploadsService } from './modules/uploads/index.ts';
import { UsersService } from './modules/users/index.ts';
import { WalletService } from './modules/wallet/index.ts';
import { WebhooksService } from './modules/webhooks/index.ts';
import {
  SavedAddressesService,
  WithdrawalDecisionsService,
  WithdrawalsService,
} from './modules/withdrawals/index.ts';
import { reservesAudit } from './ops/reserves-wiring.ts';

/**
 * The composition root (docs/ARCHITECTURE.md, "The composition root"): every service of one
 * instance, built once, each given the services it uses as constructor parameters. Reading it
 * top to bottom tells what depends on what; nothing else in the product builds a service.
 *
 * `ctx` carries what every service shares (configuration, database, clock, notifier, the price
 * feed, the upload store, the book cache); `log` is where proof-of-reserves reports a snapshot.
 */
export function createServices(ctx: AppContext, log?: ReservesLog) {
  // Foundations other services ask: the second factor (users', staff members') and the limits.
  const twoFactor = new TwoFactorService(ctx);
  const staffTwoFactor = new TwoFactorService(ctx, 'staff');
  const limits = new LimitsService(ctx);

  const trades = new TradesService(ctx, twoFactor, limits);
  const telegramLinks = new TelegramLinkService(ctx, twoFactor);
  const disputes = new DisputesService(ctx, ctx.prices);
  const withdrawalDecisions = new WithdrawalDecisionsService(ctx);
  const balanceOperations = new BalanceOperationsService(ctx, ctx.prices);
  const chat = new ChatService(ctx);
  const uploads = new UploadsService(ctx);
  // Proof of reserves (docs/decisions/039): snapshots checked against the ledger audit.
  const reserves = new ReservesService(ctx, { audit: reservesAudit, ...(log ? { log } : {}) });
  // The inbox the bot is added to as a sink (app.ts), the one reminders write to.
  const inbox = new NotificationsService(ctx);

  return {
    twoFactor,
    limits,
    settings: new SettingsService(ctx),
    auth: new AuthService(ctx),
    users: new UsersService(ctx, twoFactor),
    avatars: new AvatarsService(ctx),
    apiKeys: new ApiKeysService(ctx, twoFactor),
    webhooks: new WebhooksService(ctx, twoFactor),
    wallet: new WalletService(ctx, ctx.prices),
    depositAddresses: new DepositAddressService(ctx),
    deposits: new DepositsService(ctx),
    withdrawals: new WithdrawalsService(ctx, twoFactor),
    savedAddresses: new SavedAddressesService(ctx, twoFactor),
    orders: new OrdersService(ctx, twoFactor),
    swaps: new SwapsService(ctx, twoFactor),
    trades,
    chat,
    paymentTemplates: new PaymentTemplatesService(ctx),
    uploads,
    disputes,
    reserves,
    inbox,
    reminders: new RemindersService(ctx, inbox),
    telegramLinks,
    // The bot acts through the same services as the web's routes.
    bot: { links: telegramLinks, trades, twoFactor } satisfies BotServices,
    admin: {
      auth: new StaffAuthService(ctx, staffTwoFactor),
      staffTwoFactor,
      console: new AdminService(ctx),
      dashboard: new DashboardService(ctx),
      users: new UserAdminService(ctx),
      staff: new StaffAdminService(ctx),
      limits: new LimitsAdminService(ctx, limits),
      securityReports: new SecurityReportsService(ctx),
      balanceOperations,
      withdrawalDecisions,
      withdrawalFails: new WithdrawalFailsService(ctx, ctx.prices, withdrawalDecisions),
      approvals: new ApprovalsService(ctx, disputes, balanceOperations, withdrawalDecisions),
      disputes,
      chat,
      uploads,
      reserves,
    } satisfies AdminServices,
  };
}

export type Services = ReturnType<typeof createServices>;
