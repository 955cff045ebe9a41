import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  CHAINS,
  CRYPTOCURRENCIES,
  NETWORK_IDS,
  NOTIFICATION_KINDS,
  TRADE_STATUSES,
  WITHDRAWAL_STATUSES,
} from '@p2p/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Mirrors db/migrations/*.sql, which are the source of truth for constraints.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  telegramId: bigint('telegram_id', { mode: 'bigint' }).unique(),
  username: text('username'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  photoUrl: text('photo_url'),
  displayName: text('display_name'),
  useCustomProfile: boolean('use_custom_profile').notNull().default(false),
  customAvatarUrl: text('custom_avatar_url'),
  bio: text('bio'),
  location: text('location'),
  languages: text('languages').array().notNull().default(sql`'{}'`),
  verified: boolean('verified').notNull().default(false),
  lastSeenAt: ts('last_seen_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  blockedAt: ts('blocked_at'),
  blockReason: text('block_reason'),
  blockedBy: uuid('blocked_by'),
  /** IANA zone the bot writes times in (0033; docs/decisions/030). */
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
});
export type UserRow = typeof users.$inferSelect;

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type', { enum: ['user', 'staff'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    /** The step-up window: confirmations need no new second-factor code until then (0020). */
    stepUpUntil: ts('step_up_until'),
  },
  (t) => [index('auth_sessions_subject_idx').on(t.subjectType, t.subjectId)],
);

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const balances = pgTable(
  'balances',
  {
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    available: bigint('available', { mode: 'bigint' }).notNull().default(sql`0`),
    locked: bigint('locked', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.currency] })],
);

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  refType: text('ref_type'),
  refId: uuid('ref_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  txId: uuid('tx_id').notNull(),
  account: text('account').notNull(),
  currency: text('currency').notNull(),
  bucket: text('bucket', { enum: ['available', 'locked'] }).notNull(),
  delta: bigint('delta', { mode: 'bigint' }).notNull(),
  reason: text('reason').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ORDER_STATUSES = ['active', 'paused', 'completed', 'cancelled', 'expired'] as const;

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  type: text('type', { enum: ['buy', 'sell'] }).notNull(),
  cryptocurrency: text('cryptocurrency').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  amountCrypto: bigint('amount_crypto', { mode: 'bigint' }).notNull(),
  availableAmount: bigint('available_amount', { mode: 'bigint' }).notNull(),
  pricePerUnit: bigint('price_per_unit', { mode: 'bigint' }).notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
  paymentMethods: text('payment_methods').array().notNull(),
  timeLimit: integer('time_limit').notNull(),
  description: text('description'),
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Trades of this order that completed (0016), kept by settlement's release. */
  completedTrades: integer('completed_trades').notNull().default(0),
  /** Fixed, or floating over the market price (0028, docs/decisions/027). */
  priceType: text('price_type', { enum: ['fixed', 'floating'] })
    .notNull()
    .default('fixed'),
  /** A floating order's offset from the market in hundredths of a percent (+1.5 % = 150). */
  marginBp: integer('margin_bp'),
  /** A floating order's guard: a sell order never below it, a buy order never above it. */
  priceLimit: bigint('price_limit', { mode: 'bigint' }),
  /** A floating order while the market price is unavailable: shown, not tradable. */
  marketPaused: boolean('market_paused').notNull().default(false),
  /** Live remainder worth at least the minimum limit (0017, generated by the database). */
  tradable: boolean('tradable')
    .notNull()
    .generatedAlwaysAs(
      sql`available_amount > 0 AND (available_amount::numeric * price_per_unit) / 100000000 >= min_amount`,
    ),
  /**
   * A fixed order's price, the key of the book's indexes; null for a floating order, whose price a
   * repricing rewrites in place without touching an index (0056, generated by the database).
   */
  bookPrice: bigint('book_price', { mode: 'bigint' }).generatedAlwaysAs(
    sql`CASE WHEN price_type = 'fixed' THEN price_per_unit END`,
  ),
  /** What a taker must have: completed trades and account age in days; null = no condition (0031). */
  minTakerTrades: integer('min_taker_trades'),
  minTakerAgeDays: integer('min_taker_age_days'),
  /** The owner is away past their "hide my orders" window: out of the book until seen (0031). */
  ownerAway: boolean('owner_away').notNull().default(false),
});
export type OrderRow = typeof orders.$inferSelect;

export const trades = pgTable('trades', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  buyerId: uuid('buyer_id').notNull(),
  sellerId: uuid('seller_id').notNull(),
  cryptocurrency: text('cryptocurrency').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  amountCrypto: bigint('amount_crypto', { mode: 'bigint' }).notNull(),
  amountFiat: bigint('amount_fiat', { mode: 'bigint' }).notNull(),
  pricePerUnit: bigint('price_per_unit', { mode: 'bigint' }).notNull(),
  escrowAmount: bigint('escrow_amount', { mode: 'bigint' }).notNull(),
  escrowSource: text('escrow_source', { enum: ['order_reserve', 'seller_balance'] }).notNull(),
  feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull().default(sql`0`),
  settlement: text('settlement', { enum: ['released', 'refunded'] }),
  paymentMethod: text('payment_method').notNull(),
  /** The floating order's margin the price was set with at opening (null: a fixed price). */
  marginBp: integer('margin_bp'),
  status: text('status', { enum: TRADE_STATUSES }).notNull(),
  paymentDeadline: ts('payment_deadline').notNull(),
  confirmationDeadline: ts('confirmation_deadline'),
  autoReleaseAt: ts('auto_release_at'),
  autoReleaseExecutedAt: ts('auto_release_executed_at'),
  paidAt: ts('paid_at'),
  confirmedAt: ts('confirmed_at'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
  disputedAt: ts('disputed_at'),
  disputedBy: uuid('disputed_by'),
  disputeReason: text('dispute_reason'),
  disputeDetails: text('dispute_details'),
  notes: text('notes'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  disputeOwnerId: uuid('dispute_owner_id'),
  disputeTakenAt: ts('dispute_taken_at'),
  // The payer account named at «Я оплатил» (0021, docs/decisions/023).
  payerBank: text('payer_bank'),
  payerLast4: text('payer_last4'),
  payerName: text('payer_name'),
  payerFingerprint: text('payer_fingerprint'),
});
export type TradeRow = typeof trades.$inferSelect;

export const tradeActions = pgTable('trade_actions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tradeId: uuid('trade_id').notNull(),
  actorId: uuid('actor_id'),
  actorRole: text('actor_role', { enum: ['buyer', 'seller', 'system', 'moderator'] }).notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  description: text('description').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const tradeHidden = pgTable(
  'trade_hidden',
  {
    tradeId: uuid('trade_id').notNull(),
    userId: uuid('user_id').notNull(),
    reason: text('reason'),
    hiddenAt: ts('hidden_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.userId] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const reviews = pgTable('reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  tradeId: uuid('trade_id').notNull(),
  authorId: uuid('author_id').notNull(),
  subjectId: uuid('subject_id').notNull(),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Reputation counters (0016), see modules/users/reputation-counters.ts. */
export const userStats = pgTable('user_stats', {
  userId: uuid('user_id').primaryKey(),
  ratingSum: bigint('rating_sum', { mode: 'bigint' }).notNull().default(sql`0`),
  reviewsCount: bigint('reviews_count', { mode: 'bigint' }).notNull().default(sql`0`),
  completedTrades: bigint('completed_trades', { mode: 'bigint' }).notNull().default(sql`0`),
  failedTrades: bigint('failed_trades', { mode: 'bigint' }).notNull().default(sql`0`),
  releaseSeconds: numeric('release_seconds').notNull().default('0'),
  releaseCount: bigint('release_count', { mode: 'bigint' }).notNull().default(sql`0`),
  responseSeconds: numeric('response_seconds').notNull().default('0'),
  responseCount: bigint('response_count', { mode: 'bigint' }).notNull().default(sql`0`),
  disputeCount: bigint('dispute_count', { mode: 'bigint' }).notNull().default(sql`0`),
  /** As buyer: seconds from opening to "paid" (0031). */
  paymentSeconds: numeric('payment_seconds').notNull().default('0'),
  paymentCount: bigint('payment_count', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Counted trades and reviews, shown to others (0054, docs/decisions/035). */
  countedTrades: bigint('counted_trades', { mode: 'bigint' }).notNull().default(sql`0`),
  firstCompletedAt: ts('first_completed_at'),
  countedRatingSum: bigint('counted_rating_sum', { mode: 'bigint' }).notNull().default(sql`0`),
  countedReviews: bigint('counted_reviews', { mode: 'bigint' }).notNull().default(sql`0`),
});

export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['moderator', 'admin'] }).notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  disabledAt: ts('disabled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type StaffRow = typeof staff.$inferSelect;

export const auditLogs = pgTable('audit_logs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  staffId: uuid('staff_id'),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  note: text('note'),
  beforeState: jsonb('before_state'),
  afterState: jsonb('after_state'),
  metadata: jsonb('metadata'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const chatMessages = pgTable('chat_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigserial('seq', { mode: 'bigint' }).notNull(),
  tradeId: uuid('trade_id').notNull(),
  senderId: uuid('sender_id'),
  /** The moderator who wrote a MODERATOR line. */
  staffId: uuid('staff_id'),
  type: text('type', { enum: ['TEXT', 'SYSTEM', 'MODERATOR'] }).notNull(),
  content: text('content').notNull(),
  /** A SYSTEM line's catalogue key (`content` is its Russian text); null on other lines. */
  contentKey: text('content_key'),
  /** The key's values as data (a deadline as an ISO instant), formatted by each reader (0033). */
  contentValues: jsonb('content_values').$type<Record<string, string>>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
});
export type ChatMessageRow = typeof chatMessages.$inferSelect;

// ---- 0005: payment templates, details sent on trades, receipts ----

export const PAYMENT_TEMPLATE_TYPES = [
  'BANK_CARD',
  'SBP',
  'BANK_TRANSFER',
  'QIWI',
  'YOOMONEY',
  'CASH',
] as const;

export const paymentTemplates = pgTable('payment_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: PAYMENT_TEMPLATE_TYPES }).notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  usageCount: integer('usage_count').notNull().default(0),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type PaymentTemplateRow = typeof paymentTemplates.$inferSelect;

export const tradePaymentDetails = pgTable('trade_payment_details', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tradeId: uuid('trade_id').notNull(),
  templateId: uuid('template_id'),
  sellerId: uuid('seller_id').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: PAYMENT_TEMPLATE_TYPES }).notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});
export type TradePaymentDetailsRow = typeof tradePaymentDetails.$inferSelect;

export const paymentProofs = pgTable('payment_proofs', {
  id: uuid('id').primaryKey().defaultRandom(),
  tradeId: uuid('trade_id').notNull(),
  uploaderId: uuid('uploader_id').notNull(),
  /** An upload's id (uploads table), or a legacy file name under DATA_DIR (before 0015). */
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull().default(''),
  mimeType: text('mime_type').notNull().default('image/jpeg'),
  size: integer('size').notNull(),
  processedSize: integer('processed_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** 0025: hex SHA-256 of the stored JPEG and its 64-bit difference hash; null before 0025. */
  sha256: text('sha256'),
  phash: bigint('phash', { mode: 'bigint' }),
});
export type PaymentProofRow = typeof paymentProofs.$inferSelect;

// ---- 0009: deposit addresses (custody) ----

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    chain: text('chain', { enum: CHAINS }).notNull(),
    userId: uuid('user_id').notNull(),
    /** Null for an address taken from the address pool (0036). */
    derivationIndex: integer('derivation_index'),
    address: text('address').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.userId] })],
);
export type DepositAddressRow = typeof depositAddresses.$inferSelect;

export const depositAddressCounters = pgTable('deposit_address_counters', {
  chain: text('chain', { enum: CHAINS }).primaryKey(),
  nextIndex: integer('next_index').notNull().default(0),
});

// ---- 0036: the address pool (docs/decisions/032-address-pool-solana-cardano.md) ----

export const addressPool = pgTable('address_pool', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
  importedAt: ts('imported_at').notNull().defaultNow(),
  allocatedTo: uuid('allocated_to'),
  allocatedAt: ts('allocated_at'),
});

// ---- 0010: deposits, chain watch state, devnet ----

export const NETWORK_COLUMN = NETWORK_IDS;
export const DEPOSIT_STATUS_COLUMN = ['pending', 'credited', 'below_minimum', 'dropped'] as const;

export const deposits = pgTable('deposits', {
  id: uuid('id').primaryKey().defaultRandom(),
  network: text('network', { enum: NETWORK_COLUMN }).notNull(),
  userId: uuid('user_id').notNull(),
  currency: text('currency', { enum: CRYPTOCURRENCIES }).notNull(),
  address: text('address').notNull(),
  txHash: text('tx_hash').notNull(),
  outputIndex: integer('output_index').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
  rawDecimals: smallint('raw_decimals').notNull(),
  remainder: numeric('remainder', { precision: 78, scale: 0 }).notNull().default('0'),
  blockHeight: bigint('block_height', { mode: 'number' }),
  confirmations: integer('confirmations').notNull().default(0),
  requiredConfirmations: integer('required_confirmations').notNull(),
  status: text('status', { enum: DEPOSIT_STATUS_COLUMN }).notNull(),
  aboveMaximum: boolean('above_maximum').notNull().default(false),
  missingChecks: integer('missing_checks').notNull().default(0),
  ledgerTxId: uuid('ledger_tx_id'),
  seenAt: ts('seen_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  creditedAt: ts('credited_at'),
});
export type DepositRow = typeof deposits.$inferSelect;

export const chainWatchState = pgTable('chain_watch_state', {
  network: text('network', { enum: NETWORK_COLUMN }).primaryKey(),
  scannedHeight: bigint('scanned_height', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const devnetChains = pgTable('devnet_chains', {
  network: text('network', { enum: NETWORK_COLUMN }).primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull().default(0),
  lastBlockAt: ts('last_block_at'),
});

export const devnetBlocks = pgTable(
  'devnet_blocks',
  {
    network: text('network', { enum: NETWORK_COLUMN }).notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    minedAt: ts('mined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.height] })],
);

export const devnetTransfers = pgTable('devnet_transfers', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  network: text('network', { enum: NETWORK_COLUMN }).notNull(),
  txHash: text('tx_hash').notNull(),
  outputIndex: integer('output_index').notNull(),
  toAddress: text('to_address').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  blockHeight: bigint('block_height', { mode: 'number' }),
  droppedAt: ts('dropped_at'),
  sentBy: uuid('sent_by'),
  createdAt: ts('created_at').notNull(),
});
export type DevnetTransferRow = typeof devnetTransfers.$inferSelect;
// ---- 0011: withdrawals, saved addresses, two-factor authentication ----

export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  cryptocurrency: text('cryptocurrency').notNull(),
  network: text('network', { enum: NETWORK_IDS }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  toAddress: text('to_address').notNull(),
  recipientId: uuid('recipient_id'),
  status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
  txHash: text('tx_hash'),
  reviewNotes: text('review_notes'),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  /** The admin who took it for sending («Отправить»), and when (docs/decisions/023, section 2). */
  claimedBy: uuid('claimed_by'),
  claimedAt: ts('claimed_at'),
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const withdrawalAddresses = pgTable('withdrawal_addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  network: text('network', { enum: NETWORK_IDS }).notNull(),
  address: text('address').notNull(),
  label: text('label').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

export const userTwoFactor = pgTable('user_two_factor', {
  /** A user's or (subjectType 'staff') a staff member's id. */
  userId: uuid('user_id').primaryKey(),
  subjectType: text('subject_type', { enum: ['user', 'staff'] })
    .notNull()
    .default('user'),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: ts('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(-1),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  failuresSince: ts('failures_since'),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type UserTwoFactorRow = typeof userTwoFactor.$inferSelect;

export const twoFactorRecoveryCodes = pgTable('two_factor_recovery_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---- 0013: notifications, settings, Telegram bot, avatars ----

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    entityType: text('entity_type', { enum: ['trade', 'deposit', 'withdrawal'] }),
    entityId: uuid('entity_id'),
    titleKey: text('title_key').notNull(),
    messageKey: text('message_key').notNull(),
    actionKey: text('action_key'),
    values: jsonb('values').$type<Record<string, string | number>>().notNull(),
    deadline: ts('deadline'),
    link: text('link').notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt, t.seq)],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A user's unread notifications, counted by triggers on `notifications` (migration 0058). */
export const notificationUnread = pgTable('notification_unread', {
  userId: uuid('user_id').primaryKey(),
  unread: bigint('unread', { mode: 'number' }).notNull(),
});

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id').primaryKey(),
  notifyTelegram: boolean('notify_telegram').notNull().default(true),
  notifyTrades: boolean('notify_trades').notNull().default(true),
  notifyFunds: boolean('notify_funds').notNull().default(true),
  notifyChat: boolean('notify_chat').notNull().default(true),
  showOnline: boolean('show_online').notNull().default(true),
  showStats: boolean('show_stats').notNull().default(true),
  allowMessages: boolean('allow_messages').notNull().default(true),
  autoReply: text('auto_reply').notNull().default(''),
  timeLimit: integer('time_limit').notNull().default(30),
  minRatingTenths: integer('min_rating_tenths').notNull().default(0),
  allowUnrated: boolean('allow_unrated').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Hide my orders when I have not been seen for this many minutes; null = off (0031). */
  hideOrdersAwayMinutes: integer('hide_orders_away_minutes'),
});
export type UserSettingsRow = typeof userSettings.$inferSelect;

export const telegramChats = pgTable('telegram_chats', {
  userId: uuid('user_id').primaryKey(),
  chatId: bigint('chat_id', { mode: 'bigint' }).notNull().unique(),
  connectedAt: ts('connected_at').notNull().defaultNow(),
});

export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  fileSize: integer('file_size').notNull(),
  originalSize: integer('original_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type UserAvatarRow = typeof userAvatars.$inferSelect;
// ---- 0015: uploads shared by every instance ----

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['receipt', 'avatar'] }).notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
// ---- 0012: the back office ----

export const userNotes = pgTable('user_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type UserNoteRow = typeof userNotes.$inferSelect;

export const evidenceRequests = pgTable('evidence_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  tradeId: uuid('trade_id').notNull(),
  party: text('party', { enum: ['buyer', 'seller'] }).notNull(),
  userId: uuid('user_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  text: text('text').notNull(),
  deadline: ts('deadline').notNull(),
  answeredAt: ts('answered_at'),
  answer: text('answer', { enum: ['message', 'receipt'] }),
  answerRef: uuid('answer_ref'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type EvidenceRequestRow = typeof evidenceRequests.$inferSelect;

// ---- 0024: Telegram tied to its owner (docs/decisions/023) ----

/** Accepted Telegram sign-in payloads (SHA-256 of their `hash`), until they would be stale. */
export const telegramSignIns = pgTable('telegram_sign_ins', {
  hashDigest: text('hash_digest').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/** The bot's pending second-factor prompt of a chat (one per chat). */
export const telegramCodePrompts = pgTable('telegram_code_prompts', {
  chatId: bigint('chat_id', { mode: 'bigint' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  tradeId: uuid('trade_id').notNull(),
  action: text('action', { enum: ['confirm_payment'] }).notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type TelegramCodePromptRow = typeof telegramCodePrompts.$inferSelect;

// ---- 0025: reused receipts ----

export const receiptThumbnails = pgTable('receipt_thumbnails', {
  proofId: uuid('proof_id').primaryKey(),
  pixels: bytea('pixels').notNull(),
});

export const receiptMatches = pgTable(
  'receipt_matches',
  {
    proofId: uuid('proof_id').notNull(),
    tradeId: uuid('trade_id').notNull(),
    matchedProofId: uuid('matched_proof_id').notNull(),
    matchedTradeId: uuid('matched_trade_id').notNull(),
    kind: text('kind', { enum: ['exact', 'similar'] }).notNull(),
    distance: smallint('distance').notNull(),
    changedBands: smallint('changed_bands').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.matchedProofId] })],
);
export type ReceiptMatchRow = typeof receiptMatches.$inferSelect;

// ---- 0023: staff are bounded (docs/decisions/023-trust-and-safety.md) ----

export const staffSignInAttempts = pgTable('staff_sign_in_attempts', {
  /** HMAC of the staff account's id, or of the typed email when no account has it. */
  emailKey: text('email_key').primaryKey(),
  failedAttempts: integer('failed_attempts').notNull(),
  failuresSince: ts('failures_since').notNull(),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull(),
});

export const staffApprovals = pgTable('staff_approvals', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
  tradeId: uuid('trade_id'),
  userId: uuid('user_id'),
  /** 0040: the claimed withdrawal a `withdrawal.fail` proposal would fail. */
  withdrawalId: uuid('withdrawal_id'),
  cryptocurrency: text('cryptocurrency').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  usdCents: bigint('usd_cents', { mode: 'bigint' }).notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  proposedBy: uuid('proposed_by').notNull(),
  proposedAt: ts('proposed_at').notNull(),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  decisionNote: text('decision_note'),
});
export type StaffApprovalRow = typeof staffApprovals.$inferSelect;

// ---- 0026: trade limits (docs/decisions/023-trust-and-safety.md) ----

/** Staff lifts of a user's trade suspensions; each forgives what was counted before it. */
export const tradeLimitLifts = pgTable('trade_limit_lifts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  staffId: uuid('staff_id').notNull(),
  reason: text('reason').notNull(),
  liftedAt: ts('lifted_at').notNull(),
  lifted: jsonb('lifted').notNull(),
});

// ---- 0029, 0030: the merchant API (docs/decisions/025-merchant-api.md) ----

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    key: text('key').notNull().unique(),
    secretSealed: text('secret_sealed').notNull(),
    scopes: text('scopes').array().notNull(),
    ipAllowlist: text('ip_allowlist').array().notNull().default(sql`'{}'`),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Accepted signatures of a key within the skew window (replays are refused). */
export const apiKeySignatures = pgTable(
  'api_key_signatures',
  {
    keyId: uuid('key_id').notNull(),
    signature: text('signature').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.signature] })],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId, t.createdAt)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

/** The webhook outbox: one row per event and webhook, sent and retried by the delivery worker. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  webhookId: uuid('webhook_id').notNull(),
  eventId: uuid('event_id').notNull(),
  eventType: text('event_type').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  lastAttemptAt: ts('last_attempt_at'),
  lastStatusCode: integer('last_status_code'),
  /** The last attempt as its owner sees it (0042): delivered, error or timeout. */
  lastOutcome: text('last_outcome', { enum: ['delivered', 'error', 'timeout'] }),
  createdAt: ts('created_at').notNull(),
  deliveredAt: ts('delivered_at'),
});
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** One fill of a swap offer, settled at once (0032, docs/decisions/026-instant-swaps.md). */
export const swaps = pgTable('swaps', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  makerId: uuid('maker_id').notNull(),
  takerId: uuid('taker_id').notNull(),
  /** The offered coin: maker → taker. */
  cryptocurrency: text('cryptocurrency').notNull(),
  /** The coin of payment: taker → maker. */
  paidCurrency: text('paid_currency').notNull(),
  /** Left the offer's reserve: the taker received it minus `feeAmount`. */
  amountCrypto: bigint('amount_crypto', { mode: 'bigint' }).notNull(),
  amountPaid: bigint('amount_paid', { mode: 'bigint' }).notNull(),
  feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull(),
  pricePerUnit: bigint('price_per_unit', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at').notNull(),
});
export type SwapRow = typeof swaps.$inferSelect;

// ---- 0034: reminders before deadlines (docs/decisions/030) ----

export const REMINDER_KINDS = ['payment_due', 'auto_release', 'evidence_due', 'dispute_sla'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** One reminder sent; (kind, subject, deadline) is unique: a deadline reminds at most once. */
export const reminders = pgTable('reminders', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  tradeId: uuid('trade_id').notNull(),
  deadline: ts('deadline').notNull(),
  userId: uuid('user_id'),
  staffId: uuid('staff_id'),
  notificationId: uuid('notification_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type ReminderRow = typeof reminders.$inferSelect;

// ---- 0041: counted trades (docs/decisions/035) ----

/** Completed trades of an account with one counterparty in one calendar month. */
export const tradePairMonths = pgTable(
  'trade_pair_months',
  {
    userId: uuid('user_id').notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    trades: integer('trades').notNull(),
    qualified: boolean('qualified').notNull(),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.counterpartyId, t.month] })],
);

// ---- 0057: the payer accounts' history (docs/decisions/052) ----

/** A buyer or a seller of trades paid from an account (by its fingerprint), and what they add up to. */
export const payerAccountParties = pgTable(
  'payer_account_parties',
  {
    fingerprint: text('fingerprint').notNull(),
    role: text('role').$type<'buyer' | 'seller'>().notNull(),
    userId: uuid('user_id').notNull(),
    trades: integer('trades').notNull(),
    completed: integer('completed').notNull(),
    firstSeen: ts('first_seen'),
  },
  (t) => [primaryKey({ columns: [t.fingerprint, t.role, t.userId] })],
);

/**
 * «Это не я» cases for the back office (migration 0051, docs/decisions/033): at most one open
 * (cleared_at null) per user; its queries are SQL in `security/security-reports.repository.ts`.
 */
export const securityReports = pgTable('security_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  notificationId: uuid('notification_id'),
  eventKind: text('event_kind').notNull(),
  createdAt: ts('created_at').notNull(),
  clearedBy: uuid('cleared_by'),
  clearedAt: ts('cleared_at'),
});
// ---- 0053: the transactional outbox (docs/decisions/041) ----

/** An event decided in a transaction, written in it, delivered after it (at least once). */
export const eventOutbox = pgTable('event_outbox', {
  id: uuid('id').primaryKey(),
  room: text('room').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  recipientRole: text('recipient_role', { enum: ['buyer', 'seller'] }),
  createdAt: ts('created_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: ts('lease_until'),
  doneAt: ts('done_at'),
});
export type EventOutboxRow = typeof eventOutbox.$inferSelect;

/**
 * A bot message claimed for sending, one per notification and chat: `sentAt` once Telegram
 * accepted it; a claim left unsent past the send deadline may be claimed again (0055).
 */
export const telegramSent = pgTable(
  'telegram_sent',
  {
    notificationId: uuid('notification_id').notNull(),
    chatId: bigint('chat_id', { mode: 'bigint' }).notNull(),
    claimedAt: ts('claimed_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.chatId] })],
);
