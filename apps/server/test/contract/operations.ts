import { createHmac } from 'node:crypto';
import { signLoginWidget, signWebAppInitData } from '../../src/modules/auth/telegram.ts';
import { insertApproval } from '../../src/modules/four-eyes/approvals.repository.ts';
import { securityEventDraft } from '../../src/modules/notifications/security-notice.ts';
import { reportNotMe } from '../../src/modules/security/index.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { deleteTwoFactor } from '../../src/modules/two-factor/two-factor.repository.ts';
import { fund, openTrade, secondFactor } from '../factories.ts';
import { servicesOf, TEST_BOT_TOKEN } from '../helpers.ts';
import {
  type Caller,
  CONTRACT_ETH_ADDRESS,
  type Scene,
  type Suite,
  type Valid,
  type World,
} from './world.ts';

/**
 * Who may call each operation of the OpenAPI document, and a valid request for it. Keyed by
 * `METHOD path` exactly as the document names it; the suites fail when an operation of the
 * document has no row here (a new route forces a decision) or a row names an operation that
 * no longer exists. Adding a route is one row.
 *
 * Roles are relative to the fixture world (world.ts): `buyer` and `seller` are the parties of
 * its trade (the seller also owns its order and payment template), `stranger` is a third
 * signed-in user. "Allowed" means a 2xx is acceptable; everyone else must be refused.
 */
export interface Entry {
  allowed: readonly Caller[];
  valid: Valid;
  /** State of the world's trade when the operation runs; awaiting payment unless set. */
  scene: Scene;
  /** Brings the world into the state the operation needs (after `scene`). */
  prepare?: (s: Suite, w: World) => Promise<void>;
  /**
   * Staff callers refused (403) because the resource is not theirs, not for their role: that
   * refusal needs the resource, so a malformed request may be refused by validation instead.
   */
  notOwner?: readonly Caller[];
}

const EVERYONE: readonly Caller[] = ['anonymous', 'buyer', 'seller', 'stranger', 'moderator', 'admin'];
/** Any signed-in user, each acting on their own data. */
const USERS: readonly Caller[] = ['buyer', 'seller', 'stranger'];
const PARTIES: readonly Caller[] = ['buyer', 'seller'];
/** Anyone signed in but the order's owner (trading on one's own order is refused). */
const TAKERS: readonly Caller[] = ['buyer', 'stranger'];
const BUYER: readonly Caller[] = ['buyer'];
const SELLER: readonly Caller[] = ['seller'];
const STAFF: readonly Caller[] = ['moderator', 'admin'];

const row = (
  allowed: readonly Caller[],
  valid: Valid = {},
  scene: Scene = 'ESCROW_LOCKED',
  prepare?: Entry['prepare'],
): Entry => (prepare ? { allowed, valid, scene, prepare } : { allowed, valid, scene });
const ADMIN: readonly Caller[] = ['admin'];

const trade = (w: World) => ({ id: w.tradeId });
const order = (w: World) => ({ id: w.orderId });
const template = (w: World) => ({ id: w.templateId });
const receipt = (w: World) => ({ id: w.receiptId });
const sellerId = (w: World) => ({ id: w.ids.seller });
const chatPage = () => ({ limit: '100', offset: '0' });
const tradeFilter = () => ({
  status: 'ESCROW_LOCKED,PAYMENT_PENDING',
  role: 'buyer',
  active: 'false',
  limit: '50',
  offset: '0',
});
const historyFilter = () => ({
  status: 'active',
  cryptocurrency: 'BTC',
  role: 'buyer',
  from: '2020-01-01',
  to: '2099-12-31T23:59:59Z',
  search: 'a',
  limit: '20',
});
const historyCsvFilter = () => {
  const { limit: _paging, ...filters } = historyFilter();
  return filters;
};
const balanceOperation = () => ({ cryptocurrency: 'BTC', amount: '0.01', reason: 'Операция по заявке' });

/** The seller's current avatar file (uploaded by the row's prepare). */
let avatarFile = '';
async function giveTheSellerAnAvatar(s: Suite, w: World): Promise<void> {
  const { avatarUrl } = await servicesOf(s.t.ctx).avatars.upload(w.ids.seller, {
    bytes: s.receipt,
    originalName: 'me.jpg',
  });
  avatarFile = avatarUrl.split('/').pop() as string;
}

/** A notification of each signed-in user of the world, by user id (made by the row's prepare). */
const notifications = new Map<string, string>();
function notificationOf(w: World, caller: Caller): string {
  const id = caller === 'anonymous' || !(caller in w.ids) ? undefined : w.ids[caller as keyof World['ids']];
  return (id && notifications.get(id)) ?? w.tradeId;
}
async function giveEveryoneANotification(s: Suite, w: World): Promise<void> {
  for (const userId of [w.ids.buyer, w.ids.seller, w.ids.stranger]) {
    const row = await s.t.app.notifications.inbox.create({
      userId,
      kind: 'deposit_credited',
      entity: null,
      titleKey: 'notify.deposit_credited.title',
      messageKey: 'notify.deposit_credited.message',
      actionKey: null,
      values: { amount: '1.00000000', currency: 'BTC' },
      deadline: null,
      link: '/wallet',
    });
    if (row) notifications.set(userId, row.id);
  }
}

/** A security notice of each signed-in user of the world, by user id (made by the row's prepare). */
const securityNotices = new Map<string, string>();
async function giveEveryoneASecurityNotice(s: Suite, w: World): Promise<void> {
  for (const userId of [w.ids.buyer, w.ids.seller, w.ids.stranger]) {
    const row = await s.t.app.notifications.inbox.create(
      securityEventDraft(userId, { kind: 'sign_in', at: s.t.clock.now().toISOString() }),
    );
    if (row) securityNotices.set(userId, row.id);
  }
}
function securityNoticeOf(w: World, caller: Caller): string {
  const id = caller === 'anonymous' || !(caller in w.ids) ? undefined : w.ids[caller as keyof World['ids']];
  return (id && securityNotices.get(id)) ?? w.tradeId;
}

/** The seller's «Это не я» case (made by the row's prepare): staff clear its hold. */
let securityReportId = '';
async function sellerSaysNotMe(s: Suite, w: World): Promise<void> {
  await giveEveryoneASecurityNotice(s, w);
  const notice = securityNotices.get(w.ids.seller) as string;
  securityReportId = (await reportNotMe(s.t.ctx, w.ids.seller, notice)).reportId;
}

/** The seller's API key and webhook (made by the rows' prepare): only the seller may delete them. */
const merchant = { keyId: '', webhookId: '' };
async function giveTheSellerAKey(s: Suite, w: World): Promise<void> {
  const code = await secondFactor(s.t.ctx, w.ids.seller);
  const key = await servicesOf(s.t.ctx).apiKeys.create(w.ids.seller, {
    name: 'Бот',
    scopes: ['read'],
    totpCode: code,
  });
  merchant.keyId = key.id;
}
async function giveTheSellerAWebhook(s: Suite, w: World): Promise<void> {
  const hook = await servicesOf(s.t.ctx).webhooks.create(w.ids.seller, {
    url: 'https://example.com/hook',
    events: ['trade:created'],
    totpCode: await secondFactor(s.t.ctx, w.ids.seller),
  });
  merchant.webhookId = hook.id;
}

/** Seconds of the app's (manual) clock, for signed Telegram data. */
let clockSeconds = () => Math.floor(Date.now() / 1000);
export function useClock(now: () => Date): void {
  clockSeconds = () => Math.floor(now().getTime() / 1000);
}

/**
 * A Telegram payload is accepted once (docs/decisions/023): each request signs a fresh one, as
 * Telegram does for every sign-in (an auth_date a second earlier than the last).
 */
let signedPayloads = 0;
const freshAuthDate = () => String(clockSeconds() - signedPayloads++);

function telegramWidget() {
  const fields = {
    id: '7700001',
    first_name: 'Тест',
    username: 'contract_tg',
    auth_date: freshAuthDate(),
  };
  return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
}

function telegramInitData() {
  const user = JSON.stringify({ id: 7700002, first_name: 'Мария' });
  const fields = { query_id: 'AAH-contract', user, auth_date: freshAuthDate() };
  return { initData: signWebAppInitData(fields, TEST_BOT_TOKEN) };
}

const withdrawal = (w: World) => ({ id: w.withdrawalId });
const devNetwork = () => ({ network: 'ETH' });
const code = (w: World, caller: Caller) => ({ code: w.extra[caller] ?? '000000' });
const USER_CALLERS = ['buyer', 'seller', 'stranger'] as const;

/** Every user starts two-factor enrolment afresh; `extra` holds the code they would type now. */
async function enrolTwoFactor(s: Suite, w: World, enable: boolean) {
  const twoFactor = servicesOf(s.t.ctx).twoFactor;
  for (const caller of USER_CALLERS) {
    await s.t.ctx.db.transaction((tx) => deleteTwoFactor(tx, w.ids[caller]));
    const { secret } = await twoFactor.setup(w.ids[caller]);
    if (enable) await twoFactor.enable(w.ids[caller], await totpCodeAt(secret, s.t.clock.now()));
    w.extra[caller] = secret;
  }
  // A code's time step is spent once: the one the operation sends comes from the next step.
  if (enable) s.t.clock.advance(30_000);
  for (const caller of USER_CALLERS) {
    w.extra[caller] = await totpCodeAt(w.extra[caller] as string, s.t.clock.now());
  }
}

/** Users who never turned two-factor on (the world's users have it on, as sellers must). */
async function clearUserTwoFactor(s: Suite, w: World) {
  for (const caller of USER_CALLERS) await s.t.ctx.db.transaction((tx) => deleteTwoFactor(tx, w.ids[caller]));
}

/** Each user holds a fresh one-time code in `extra`, for a money action that takes one. */
async function giveEveryoneACode(s: Suite, w: World) {
  for (const caller of USER_CALLERS) w.extra[caller] = await secondFactor(s.t.ctx, w.ids[caller]);
}
const totpCode = (w: World, caller: Caller) => w.extra[caller] ?? '000000';

/** The seller's swap offer (0.01 BTC for USDT), made by the swap row's prepare. */
let swapOrderId = '';
/** A swap offer of the seller's, USDT for the takers, and a code for everyone (docs/decisions/026). */
async function giveTheSellerASwapOffer(s: Suite, w: World): Promise<void> {
  const { ctx } = s.t;
  const created = await servicesOf(ctx).orders.create(w.ids.seller, {
    type: 'sell',
    cryptocurrency: 'BTC',
    price_type: 'fixed',
    fiat_currency: 'USDT',
    amount_crypto: '0.01',
    price_per_unit: '97000',
    payment_methods: [],
    totp_code: await secondFactor(ctx, w.ids.seller),
    confirm_price: true,
  });
  swapOrderId = created.id;
  for (const caller of ['buyer', 'stranger'] as const) await fund(ctx, w.ids[caller], 'USDT', '1000');
  await giveEveryoneACode(s, w);
}

const STAFF_CALLERS = ['moderator', 'admin'] as const;

/** Both staff members start two-factor enrolment afresh; `extra` holds the code they would type now. */
async function enrolStaffTwoFactor(s: Suite, w: World, enable: boolean) {
  const twoFactor = servicesOf(s.t.ctx).admin.staffTwoFactor;
  for (const caller of STAFF_CALLERS) {
    await s.t.ctx.db.transaction((tx) => deleteTwoFactor(tx, w.ids[caller]));
    const { secret } = await twoFactor.setup(w.ids[caller]);
    if (enable) await twoFactor.enable(w.ids[caller], await totpCodeAt(secret, s.t.clock.now()));
    w.extra[caller] = secret;
  }
  if (enable) s.t.clock.advance(30_000);
  for (const caller of STAFF_CALLERS) {
    w.extra[caller] = await totpCodeAt(w.extra[caller] as string, s.t.clock.now());
  }
}

/** Sign-in by password works whatever an earlier row did to the staff's two-factor. */
async function clearStaffTwoFactor(s: Suite, w: World) {
  for (const caller of STAFF_CALLERS)
    await s.t.ctx.db.transaction((tx) => deleteTwoFactor(tx, w.ids[caller]));
}

/** The moderator owns the world's disputed trade. */
async function moderatorTakes(s: Suite, w: World) {
  const actor = { staffId: w.ids.moderator, ipAddress: null, userAgent: null, idempotencyKey: undefined };
  await servicesOf(s.t.ctx).disputes.take(actor, w.tradeId);
}

/**
 * The moderator owns the world's dispute and proposed its refund for a second admin (four
 * eyes, docs/decisions/023); `extra.moderator` holds the proposal's id.
 */
async function moderatorProposes(s: Suite, w: World) {
  await moderatorTakes(s, w);
  const trade = await findTrade(s.t.ctx.db, w.tradeId);
  if (!trade) throw new Error('the world has no trade');
  const approval = await s.t.ctx.db.transaction((tx) =>
    insertApproval(tx, {
      kind: 'dispute.resolve',
      tradeId: w.tradeId,
      userId: null,
      cryptocurrency: trade.cryptocurrency,
      amount: trade.amountCrypto,
      usdCents: 120_000n,
      payload: { outcome: 'refund', note: 'Оплата не подтверждена банком' },
      proposedBy: w.ids.moderator,
      proposedAt: s.t.clock.now(),
    }),
  );
  w.extra.moderator = approval.id;
}
const approval = (w: World) => ({ id: w.extra.moderator ?? '' });

async function blockSeller(s: Suite, w: World) {
  const actor = { staffId: w.ids.admin, ipAddress: null, userAgent: null, idempotencyKey: undefined };
  await servicesOf(s.t.ctx).admin.users.block(actor, w.ids.seller, 'Проверка службы безопасности');
}

/** The world's buyer cancels three trades in a day: taking trades is suspended (docs/decisions/023). */
async function suspendBuyer(s: Suite, w: World) {
  const trades = servicesOf(s.t.ctx).trades;
  for (let i = 0; i < 3; i++) {
    const tradeId = await openTrade(s.t.ctx, w.ids.buyer, w.orderId, '5000');
    await trades.act(w.ids.buyer, tradeId, 'cancel_trade', {});
  }
}

/** Moves the world's withdrawal forward by admin decisions. */
async function decideWithdrawal(s: Suite, w: World, ...actions: ('approve' | 'processing')[]) {
  const decisions = servicesOf(s.t.ctx).admin.withdrawalDecisions;
  const actor = { staffId: w.ids.admin, ipAddress: null, userAgent: null, idempotencyKey: undefined };
  for (const action of actions) await decisions.decide(actor, w.withdrawalId, action, {});
}

/** A published proof-of-reserves snapshot with every user of the world in it (docs/decisions/039). */
async function takeReservesSnapshot(s: Suite): Promise<void> {
  await servicesOf(s.t.ctx).reserves.takeSnapshot('staff');
}

export const OPERATIONS: Record<string, Entry> = {
  'GET /healthz': row(EVERYONE),
  'GET /readyz': row(EVERYONE),
  'GET /api/v1/auth/config': row(EVERYONE),
  'GET /api/v1/config': row(EVERYONE),
  'POST /api/v1/auth/telegram': row(EVERYONE, { body: telegramWidget }),
  'POST /api/v1/auth/telegram/webapp': row(EVERYONE, { body: telegramInitData }),
  'POST /api/v1/auth/dev-login': row(EVERYONE, { body: () => ({ username: 'contract_user' }) }),
  'GET /api/v1/auth/dev-users': row(EVERYONE),
  'POST /api/v1/auth/refresh': row(EVERYONE, { body: (w) => ({ refreshToken: w.refresh.user }) }),
  'POST /api/v1/auth/logout': row(EVERYONE, { body: (w) => ({ refreshToken: w.refresh.user }) }),
  'GET /api/v1/auth/me': row(USERS),
  'GET /api/v1/users/me': row(USERS),
  'GET /api/v1/users/me/limits': row(USERS),
  'GET /api/v1/users/me/security-hold': row(USERS),
  'GET /api/v1/reserves': row(EVERYONE),
  'GET /api/v1/reserves/addresses': row(EVERYONE),
  'GET /api/v1/reserves/proof': row(USERS, {}, 'ESCROW_LOCKED', takeReservesSnapshot),
  'PUT /api/v1/users/me': row(USERS, { body: () => ({ display_name: 'Новое имя' }) }),
  'PUT /api/v1/users/me/time-zone': row(USERS, { body: () => ({ timeZone: 'Europe/Berlin' }) }),
  'PUT /api/v1/users/profile': row(USERS, {
    body: () => ({ displayName: 'Новое имя', useCustomProfile: true }),
  }),
  'POST /api/v1/users/display-name': row(USERS, { body: () => ({ display_name: 'Новое имя' }) }),
  'GET /api/v1/users/{id}': row(EVERYONE, { params: sellerId }),
  'GET /api/v1/users/settings': row(USERS),
  'POST /api/v1/users/avatar': row(USERS, { file: 'avatar' }),
  'DELETE /api/v1/users/avatar': row(USERS),
  'GET /api/v1/users/avatar/info': row(USERS),
  'GET /api/v1/avatars/{file}': row(
    EVERYONE,
    { params: () => ({ file: avatarFile }) },
    'ESCROW_LOCKED',
    giveTheSellerAnAvatar,
  ),
  'PUT /api/v1/users/settings': row(USERS, {
    body: () => ({
      notifications: { chat: false },
      privacy: { showOnline: false },
      trading: { autoReply: 'Здравствуйте! Реквизиты пришлю сразу.', timeLimit: 20, minRating: 0 },
    }),
  }),
  'GET /api/v1/notifications': row(USERS, { query: () => ({ unread: 'true', limit: '20', offset: '0' }) }),
  'GET /api/v1/notifications/unread-count': row(USERS),
  'POST /api/v1/notifications/read-all': row(USERS),
  'POST /api/v1/notifications/{id}/read': row(
    USERS,
    { params: (w, caller) => ({ id: notificationOf(w, caller) }) },
    'ESCROW_LOCKED',
    giveEveryoneANotification,
  ),
  'GET /api/v1/telegram/link': row(USERS),
  // With two-factor on (the world's users have it), a link takes a fresh code (docs/decisions/023).
  'POST /api/v1/telegram/link': row(
    USERS,
    { body: (w, caller) => ({ code: totpCode(w, caller) }) },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  'DELETE /api/v1/telegram/link': row(USERS),
  // Telegram calls it, with no user behind the request: the secret header is what admits it.
  'POST /api/v1/telegram/webhook': row(EVERYONE, {
    body: () => ({ update_id: 1 }),
    headers: () => ({
      'x-telegram-bot-api-secret-token': createHmac('sha256', TEST_BOT_TOKEN)
        .update('webhook-secret')
        .digest('base64url'),
    }),
  }),
  'GET /api/v1/wallet/balances': row(USERS),
  'GET /api/v1/wallet/transactions': row(USERS, {
    query: () => ({ type: 'withdrawal', currency: 'ETH', limit: '20', offset: '0' }),
  }),
  'GET /api/v1/wallet/transactions.csv': row(USERS, { query: () => ({ currency: 'ETH' }) }),
  'GET /api/v1/wallet/deposit-address': row(USERS, { query: () => ({ network: 'USDT-TRC20' }) }),
  'GET /api/v1/wallet/deposits': row(USERS, {
    query: () => ({ status: 'pending', network: 'BTC', limit: '20', offset: '0' }),
  }),
  'POST /api/v1/dev/chain/{network}/transfers': row(USERS, {
    params: devNetwork,
    body: () => ({ toAddress: CONTRACT_ETH_ADDRESS, amount: '0.25' }),
  }),
  'POST /api/v1/dev/chain/{network}/blocks': row(USERS, { params: devNetwork, body: () => ({ count: 2 }) }),
  'POST /api/v1/dev/chain/{network}/transfers/{txHash}/drop': row(USERS, {
    params: (w) => ({ network: 'ETH', txHash: w.devTxHash }),
  }),
  'POST /api/v1/withdrawals/request': row(
    USERS,
    {
      body: (w, caller) => ({
        cryptocurrency: 'ETH',
        network: 'ETH',
        amount: '0.05',
        toAddress: CONTRACT_ETH_ADDRESS,
        totpCode: totpCode(w, caller),
      }),
    },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  'GET /api/v1/withdrawals/my-withdrawals': row(USERS, { query: () => ({ status: 'PENDING' }) }),
  'POST /api/v1/withdrawals/{id}/cancel': row(SELLER, { params: withdrawal }),
  'GET /api/v1/withdrawals/addresses': row(USERS),
  'POST /api/v1/withdrawals/addresses': row(
    USERS,
    {
      body: (w, caller) => ({
        network: 'USDT-TRC20',
        address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        label: 'Биржа',
        totpCode: totpCode(w, caller),
      }),
    },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  'DELETE /api/v1/withdrawals/addresses/{id}': row(SELLER, { params: (w) => ({ id: w.savedAddressId }) }),
  'GET /api/v1/users/2fa/status': row(USERS),
  'POST /api/v1/users/2fa/setup': row(USERS, {}, 'ESCROW_LOCKED', clearUserTwoFactor),
  'POST /api/v1/users/2fa/step-up': row(
    USERS,
    { body: (w, caller) => ({ code: totpCode(w, caller) }) },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  // Keys and webhooks are managed from a session; creating a key takes a fresh code (two-factor on).
  'POST /api/v1/api-keys': row(
    USERS,
    {
      body: (w, caller) => ({
        name: 'Торговый бот',
        scopes: ['read', 'trade'],
        totpCode: totpCode(w, caller),
      }),
    },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  'GET /api/v1/api-keys': row(USERS),
  'DELETE /api/v1/api-keys/{id}': row(
    SELLER,
    { params: () => ({ id: merchant.keyId }) },
    'ESCROW_LOCKED',
    giveTheSellerAKey,
  ),
  'POST /api/v1/webhooks': row(
    USERS,
    {
      body: (w, caller) => ({
        url: 'https://example.com/hook',
        events: ['trade:created', 'order:updated'],
        totpCode: totpCode(w, caller),
      }),
    },
    'ESCROW_LOCKED',
    giveEveryoneACode,
  ),
  'GET /api/v1/webhooks': row(USERS),
  'DELETE /api/v1/webhooks/{id}': row(
    SELLER,
    { params: () => ({ id: merchant.webhookId }) },
    'ESCROW_LOCKED',
    giveTheSellerAWebhook,
  ),
  'POST /api/v1/auth/sessions/end-all': row(USERS),
  'POST /api/v1/security/not-me': row(
    USERS,
    { body: (w, caller) => ({ notificationId: securityNoticeOf(w, caller) }) },
    'ESCROW_LOCKED',
    giveEveryoneASecurityNotice,
  ),
  // The world's users are development accounts: they re-authenticate with the demo path.
  'POST /api/v1/auth/reauth': row(USERS, { body: () => ({ dev: true }) }),
  'GET /api/v1/auth/dev-code': row(USERS),
  'POST /api/v1/users/2fa/enable': row(USERS, { body: code }, 'ESCROW_LOCKED', (s, w) =>
    enrolTwoFactor(s, w, false),
  ),
  'POST /api/v1/users/2fa/disable': row(USERS, { body: code }, 'ESCROW_LOCKED', (s, w) =>
    enrolTwoFactor(s, w, true),
  ),
  'POST /api/v1/users/2fa/recovery-codes': row(USERS, { body: code }, 'ESCROW_LOCKED', (s, w) =>
    enrolTwoFactor(s, w, true),
  ),
  'POST /api/v1/orders': row(USERS, {
    body: () => ({
      type: 'buy',
      cryptocurrency: 'BTC',
      amount_crypto: '0.01',
      price_per_unit: '5000000',
      total_amount: '50000',
      min_amount: '1000',
      max_amount: '50000',
      fiat_currency: 'RUB',
      payment_methods: ['Сбербанк', 'sbp'],
      description: 'Покупаю быстро',
      time_limit: 30,
    }),
  }),
  'GET /api/v1/orders': row(EVERYONE, {
    query: () => ({ type: 'sell', cryptocurrency: 'BTC', fiat_currency: 'RUB', payment_method: 'Сбербанк' }),
  }),
  'GET /api/v1/orders/my': row(USERS),
  'GET /api/v1/orders/{id}': row(EVERYONE, { params: order }),
  'DELETE /api/v1/orders/{id}': row(SELLER, { params: order }),
  'PUT /api/v1/orders/{id}/settings': row(SELLER, { params: order, body: () => ({ status: 'paused' }) }),
  'GET /api/v1/orders/{id}/stats': row(SELLER, { params: order }),
  'GET /api/v1/orders/{id}/trades': row(SELLER, {
    params: order,
    query: () => ({ status: 'created', limit: '20', offset: '0' }),
  }),
  'POST /api/v1/orders/{id}/swap': row(
    TAKERS,
    {
      params: () => ({ id: swapOrderId }),
      body: (w, caller) => ({ amount_crypto: '0.001', totp_code: totpCode(w, caller), confirm_price: true }),
    },
    'ESCROW_LOCKED',
    giveTheSellerASwapOffer,
  ),
  'POST /api/v1/trades': row(TAKERS, {
    body: (w) => ({
      orderId: w.orderId,
      amountFiat: '5000',
      amountCrypto: '0.001',
      paymentMethod: 'Сбербанк',
    }),
  }),
  'GET /api/v1/trades': row(USERS, { query: tradeFilter }),
  'GET /api/v1/trades/stats': row(USERS),
  'GET /api/v1/trades/history': row(USERS, { query: historyFilter }),
  'GET /api/v1/trades/history.csv': row(USERS, { query: historyCsvFilter }),
  'GET /api/v1/trades/user/{id}': row(BUYER, { params: (w) => ({ id: w.ids.buyer }), query: tradeFilter }),
  'GET /api/v1/trades/{id}': row(PARTIES, { params: trade }),
  'POST /api/v1/trades/{id}/actions': row(
    PARTIES,
    {
      params: trade,
      body: () => ({
        action: 'dispute_trade',
        payload: { reasonId: 'other', details: 'Продавец не отвечает' },
      }),
    },
    'PAYMENT_PENDING',
  ),
  'PATCH /api/v1/trades/{id}/soft-delete': row(
    PARTIES,
    { params: trade, body: () => ({ reason: 'Больше не нужна' }) },
    'COMPLETED',
  ),
  'POST /api/v1/trades/{id}/review': row(
    PARTIES,
    { params: trade, body: () => ({ rating: 5, comment: 'Быстро и честно' }) },
    'COMPLETED',
  ),
  'GET /api/v1/trades/{id}/messages': row(PARTIES, { params: trade, query: chatPage }),
  'POST /api/v1/trades/{id}/messages': row(PARTIES, {
    params: trade,
    body: () => ({ content: 'Оплатил,\nпроверьте', type: 'TEXT' }),
  }),
  'PATCH /api/v1/messages/{id}/read': row(PARTIES, { params: (w) => ({ id: w.messageId }) }),
  'PATCH /api/v1/trades/{id}/messages/read-all': row(PARTIES, { params: trade }),
  'GET /api/v1/trades/{id}/messages/unread-count': row(PARTIES, { params: trade }),
  'GET /api/v1/payment-templates': row(USERS),
  'POST /api/v1/payment-templates': row(USERS, {
    body: () => ({
      name: 'Т-Банк карта',
      type: 'BANK_CARD',
      isDefault: false,
      isActive: true,
      details: {
        bankName: 'Т-Банк',
        cardNumber: '4111 1111 1111 1111',
        holderName: 'Ivan Petrov',
        phone: '+79123456789',
      },
    }),
  }),
  'PUT /api/v1/payment-templates/{id}': row(SELLER, {
    params: template,
    body: () => ({
      name: 'СБП основной',
      type: 'SBP',
      isDefault: true,
      isActive: true,
      details: { phone: '+79123456780', bankName: 'Сбербанк', recipientName: 'Иван П.' },
    }),
  }),
  'DELETE /api/v1/payment-templates/{id}': row(SELLER, { params: template }),
  'PUT /api/v1/trades/{id}/payment-template': row(SELLER, {
    params: trade,
    body: (w) => ({ templateId: w.templateId }),
  }),
  'POST /api/v1/trades/{id}/payment-proof': row(BUYER, { params: trade, file: 'proof' }),
  'GET /api/v1/uploads/receipts/{id}': row(PARTIES, { params: receipt }),
  'GET /api/v1/market/current-prices': row(EVERYONE),
  'POST /api/v1/admin/auth/login': row(
    EVERYONE,
    { body: (w) => ({ email: w.staffEmail, password: w.staffPassword }) },
    'ESCROW_LOCKED',
    clearStaffTwoFactor,
  ),
  'GET /api/v1/admin/auth/2fa': row(STAFF),
  'POST /api/v1/admin/auth/2fa/setup': row(STAFF, {}, 'ESCROW_LOCKED', clearStaffTwoFactor),
  'POST /api/v1/admin/auth/2fa/enable': row(STAFF, { body: code }, 'ESCROW_LOCKED', (s, w) =>
    enrolStaffTwoFactor(s, w, false),
  ),
  'POST /api/v1/admin/auth/2fa/disable': row(STAFF, { body: code }, 'ESCROW_LOCKED', (s, w) =>
    enrolStaffTwoFactor(s, w, true),
  ),
  'GET /api/v1/admin/dashboard': row(STAFF),
  'GET /api/v1/admin/staff': row(STAFF),
  'POST /api/v1/admin/staff': row(ADMIN, {
    body: (w) => ({
      email: `staff-${w.ids.buyer.slice(0, 8)}@example.com`,
      password: 'надежный-пароль-1',
      role: 'moderator',
      firstName: 'Анна',
      lastName: 'Смирнова',
    }),
  }),
  'PATCH /api/v1/admin/staff/{id}': row(ADMIN, {
    params: (w) => ({ id: w.ids.moderator }),
    body: () => ({ role: 'moderator', disabled: false }),
  }),
  'GET /api/v1/admin/users/{id}': row(STAFF, { params: sellerId }, 'DISPUTED'),
  'GET /api/v1/admin/users/{id}/notes': row(STAFF, { params: sellerId }),
  'POST /api/v1/admin/users/{id}/notes': row(STAFF, {
    params: sellerId,
    body: () => ({ text: 'Звонил в поддержку, подтвердил личность' }),
  }),
  'POST /api/v1/admin/users/{id}/block': row(ADMIN, {
    params: sellerId,
    body: () => ({ reason: 'Подозрение на мошенничество' }),
  }),
  'GET /api/v1/admin/users/{id}/limits': row(STAFF, { params: sellerId }),
  'GET /api/v1/admin/security-reports': row(STAFF),
  'POST /api/v1/admin/security-reports/{id}/clear': row(
    ADMIN,
    { params: () => ({ id: securityReportId }) },
    'ESCROW_LOCKED',
    sellerSaysNotMe,
  ),
  'GET /api/v1/admin/reserves/snapshots': row(STAFF),
  'POST /api/v1/admin/reserves/snapshots': row(ADMIN),
  'GET /api/v1/admin/limits/frequent-pairs': row(STAFF, { query: () => ({ minTrades: '3' }) }),
  'POST /api/v1/admin/users/{id}/limits/lift': row(
    ADMIN,
    { params: (w) => ({ id: w.ids.buyer }), body: () => ({ reason: 'Отмены по вине продавца, проверено' }) },
    'ESCROW_LOCKED',
    suspendBuyer,
  ),
  'POST /api/v1/admin/users/{id}/unblock': row(
    ADMIN,
    { params: sellerId, body: () => ({ reason: 'Проверка пройдена' }) },
    'ESCROW_LOCKED',
    blockSeller,
  ),
  'GET /api/v1/admin/disputes': row(
    STAFF,
    { query: () => ({ page: '1', limit: '20', owner: 'all' }) },
    'DISPUTED',
  ),
  'GET /api/v1/admin/disputes/reminders': row(STAFF),
  'GET /api/v1/admin/disputes/{id}': row(STAFF, { params: trade }, 'DISPUTED'),
  'POST /api/v1/admin/disputes/{id}/take': row(STAFF, { params: trade }, 'DISPUTED'),
  'POST /api/v1/admin/disputes/{id}/release': row(STAFF, { params: trade }, 'DISPUTED', moderatorTakes),
  'POST /api/v1/admin/disputes/{id}/messages': row(
    STAFF,
    { params: trade, body: () => ({ content: 'Пришлите, пожалуйста, выписку из банка' }) },
    'DISPUTED',
    moderatorTakes,
  ),
  'POST /api/v1/admin/disputes/{id}/evidence': row(
    STAFF,
    { params: trade, body: () => ({ party: 'seller', text: 'Выписка по счету за день сделки', hours: 24 }) },
    'DISPUTED',
    moderatorTakes,
  ),
  'POST /api/v1/admin/auth/refresh': row(EVERYONE, { body: (w) => ({ refreshToken: w.refresh.staff }) }),
  'POST /api/v1/admin/auth/logout': row(EVERYONE, { body: (w) => ({ refreshToken: w.refresh.staff }) }),
  'GET /api/v1/admin/auth/me': row(STAFF),
  'GET /api/v1/admin/users': row(STAFF, {
    query: (w) => ({ page: '1', limit: '20', search: 'Тест', userId: w.ids.buyer }),
  }),
  'GET /api/v1/admin/users/{id}/balances': row(STAFF, { params: sellerId }),
  'POST /api/v1/admin/users/{id}/balance/credit': row(ADMIN, { params: sellerId, body: balanceOperation }),
  'POST /api/v1/admin/users/{id}/balance/debit': row(ADMIN, { params: sellerId, body: balanceOperation }),
  'GET /api/v1/admin/audit-logs': row(STAFF, {
    query: (w) => ({
      page: '1',
      limit: '50',
      adminId: w.ids.admin,
      action: 'balance.credit',
      entityType: 'user',
    }),
  }),
  'GET /api/v1/admin/withdrawals': row(STAFF, {
    query: () => ({ page: '1', limit: '20', status: 'PENDING' }),
  }),
  'POST /api/v1/admin/withdrawals/{id}/approve': row(ADMIN, {
    params: withdrawal,
    body: () => ({ note: 'Проверено' }),
  }),
  'POST /api/v1/admin/withdrawals/{id}/reject': row(ADMIN, {
    params: withdrawal,
    body: () => ({ note: 'Адрес в санкционном списке' }),
  }),
  'POST /api/v1/admin/withdrawals/{id}/processing': row(
    ADMIN,
    { params: withdrawal, body: () => ({ note: 'Отправлено в подпись' }) },
    'ESCROW_LOCKED',
    (s, w) => decideWithdrawal(s, w, 'approve'),
  ),
  'POST /api/v1/admin/withdrawals/{id}/complete': row(
    ADMIN,
    { params: withdrawal, body: () => ({ txHash: `0x${'ab'.repeat(32)}`, note: 'Подписано' }) },
    'ESCROW_LOCKED',
    // Only a claimed withdrawal is completed (docs/decisions/023, section 2).
    (s, w) => decideWithdrawal(s, w, 'approve', 'processing'),
  ),
  'POST /api/v1/admin/withdrawals/{id}/fail': row(
    ADMIN,
    { params: withdrawal, body: () => ({ note: 'Узел отклонил транзакцию' }) },
    'ESCROW_LOCKED',
    (s, w) => decideWithdrawal(s, w, 'approve', 'processing'),
  ),
  'GET /api/v1/admin/trades/{id}': row(STAFF, { params: trade }, 'DISPUTED'),
  'GET /api/v1/admin/trades/{id}/messages': row(STAFF, { params: trade, query: chatPage }, 'DISPUTED'),
  'GET /api/v1/admin/uploads/receipts/{id}': row(STAFF, { params: receipt }, 'DISPUTED'),
  'POST /api/v1/admin/trades/{id}/resolve': row(
    STAFF,
    { params: trade, body: () => ({ outcome: 'refund', note: 'Оплата не подтверждена банком' }) },
    'DISPUTED',
    moderatorTakes,
  ),
  'GET /api/v1/admin/approvals': row(
    STAFF,
    { query: () => ({ state: 'pending', page: '1', limit: '50' }) },
    'DISPUTED',
    moderatorProposes,
  ),
  'POST /api/v1/admin/approvals/{id}/approve': row(
    ADMIN,
    { params: approval, body: () => ({ note: 'Проверено по выписке' }) },
    'DISPUTED',
    moderatorProposes,
  ),
  'POST /api/v1/admin/approvals/{id}/reject': row(
    ADMIN,
    { params: approval, body: () => ({ note: 'Выписка не подтверждает оплату' }) },
    'DISPUTED',
    moderatorProposes,
  ),
  // Only the proposer withdraws: the admin is refused for not being the proposer.
  'POST /api/v1/admin/approvals/{id}/cancel': {
    ...row(['moderator'], { params: approval }, 'DISPUTED', moderatorProposes),
    notOwner: ['admin'],
  },
};

/** Operations of the document without a row, and rows without an operation. */
export function tableGaps(keys: string[]): { missing: string[]; stale: string[] } {
  const known = new Set(keys);
  return {
    missing: keys.filter((k) => !(k in OPERATIONS)),
    stale: Object.keys(OPERATIONS).filter((k) => !known.has(k)),
  };
}
