import type {
  AdminDashboard,
  AdminPagination,
  AdminTradeLimits,
  AdminUserPage,
  AdminUserView,
  AdminView,
  AdminWithdrawalView,
  ApprovalList,
  ApprovalView,
  AuditLogView,
  BalanceOperationRequest,
  BalanceOperationResult,
  ChatMessage,
  DeskReminderList,
  DisputeCase,
  DisputeOwnership,
  DisputeQueue,
  EvidenceRequestCreate,
  EvidenceRequestView,
  FrequentPairList,
  PendingApprovalResult,
  ResolveDisputeRequest,
  ResolveDisputeResult,
  SecurityReportList,
  SecurityReportView,
  StaffMember,
  StaffNoteView,
  StaffTwoFactorStatus,
  StaffWithdrawalAction,
  WithdrawalStatus,
} from '@p2p/shared';
import { newIdempotencyKey } from '@/lib/api';
import { adminRequest } from './admin-client';
import { adminTokens } from './admin-storage';

/** Query string of the defined values only. */
export function queryOf(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface LoginResult {
  admin: AdminView;
  accessToken: string;
  refreshToken: string;
  enrolmentRequired: boolean;
}

export type AdminBalances = Record<
  string,
  { available: string; locked: string; total: string; lastUpdated: string }
>;

export const adminApi = {
  login: (body: { email: string; password: string; code?: string }) =>
    adminRequest<LoginResult>('/admin/auth/login', { method: 'POST', body, auth: false }),
  me: () => adminRequest<AdminView>('/admin/auth/me'),
  logout: (refreshToken: string | null) =>
    adminRequest<unknown>('/admin/auth/logout', {
      method: 'POST',
      body: refreshToken ? { refreshToken } : undefined,
    }),

  users: (params: { page?: number; limit?: number; search?: string; userId?: string }) =>
    adminRequest<{ users: AdminUserView[]; pagination: AdminPagination }>(`/admin/users${queryOf(params)}`),
  balances: (userId: string) => adminRequest<{ balances: AdminBalances }>(`/admin/users/${userId}/balances`),
  /** A credit above FOUR_EYES_USD answers a proposal (202) instead of a balance. */
  balanceOperation: (operation: 'credit' | 'debit', userId: string, body: BalanceOperationRequest) =>
    adminRequest<BalanceOperationResult | PendingApprovalResult>(
      `/admin/users/${userId}/balance/${operation}`,
      {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      },
    ),

  withdrawals: (params: { page: number; status?: WithdrawalStatus }) =>
    adminRequest<{ withdrawals: AdminWithdrawalView[]; pagination: AdminPagination }>(
      `/admin/withdrawals${queryOf(params)}`,
    ),
  decideWithdrawal: (id: string, action: StaffWithdrawalAction, body: { note?: string; txHash?: string }) =>
    // A fail above FOUR_EYES_USD answers 202 with a proposal (docs/decisions/035).
    adminRequest<AdminWithdrawalView | PendingApprovalResult>(`/admin/withdrawals/${id}/${action}`, {
      method: 'POST',
      body,
    }),

  dashboard: () => adminRequest<AdminDashboard>('/admin/dashboard'),
  staff: () => adminRequest<{ staff: StaffMember[] }>('/admin/staff'),

  user: (id: string) => adminRequest<AdminUserPage>(`/admin/users/${id}`),
  addNote: (id: string, text: string) =>
    adminRequest<StaffNoteView>(`/admin/users/${id}/notes`, { method: 'POST', body: { text } }),
  /** A user's trade limits and suspensions (docs/decisions/023, "Limits"); the lift is admins' only. */
  /** Pairs of accounts that trade often with each other (docs/decisions/035). */
  /** «Это не я» cases (docs/decisions/033); clearing the hold is admins' only. */
  securityReports: () => adminRequest<SecurityReportList>('/admin/security-reports'),
  clearSecurityReport: (id: string) =>
    adminRequest<SecurityReportView>(`/admin/security-reports/${id}/clear`, { method: 'POST' }),
  frequentPairs: () => adminRequest<FrequentPairList>('/admin/limits/frequent-pairs'),
  userLimits: (id: string) => adminRequest<AdminTradeLimits>(`/admin/users/${id}/limits`),
  liftLimits: (id: string, reason: string) =>
    adminRequest<AdminTradeLimits>(`/admin/users/${id}/limits/lift`, { method: 'POST', body: { reason } }),
  setBlocked: (id: string, block: boolean, reason: string) =>
    adminRequest<AdminUserView>(`/admin/users/${id}/${block ? 'block' : 'unblock'}`, {
      method: 'POST',
      body: { reason },
    }),

  disputes: (params: { page: number; owner: 'all' | 'mine' | 'unassigned' }) =>
    adminRequest<DisputeQueue>(`/admin/disputes${queryOf(params)}`),
  /** Disputes past half of their target time without a staff line: mine and the unassigned. */
  disputeReminders: () => adminRequest<DeskReminderList>('/admin/disputes/reminders'),
  dispute: (tradeId: string) => adminRequest<DisputeCase>(`/admin/disputes/${tradeId}`),
  takeDispute: (tradeId: string) =>
    adminRequest<DisputeOwnership>(`/admin/disputes/${tradeId}/take`, { method: 'POST' }),
  releaseDispute: (tradeId: string) =>
    adminRequest<DisputeOwnership>(`/admin/disputes/${tradeId}/release`, { method: 'POST' }),
  moderatorMessage: (tradeId: string, content: string) =>
    adminRequest<ChatMessage>(`/admin/disputes/${tradeId}/messages`, { method: 'POST', body: { content } }),
  requestEvidence: (tradeId: string, body: EvidenceRequestCreate) =>
    adminRequest<EvidenceRequestView>(`/admin/disputes/${tradeId}/evidence`, { method: 'POST', body }),
  /** Above FOUR_EYES_USD the resolution answers a proposal (202): nothing moved yet. */
  resolve: (tradeId: string, body: ResolveDisputeRequest) =>
    adminRequest<ResolveDisputeResult | PendingApprovalResult>(`/admin/trades/${tradeId}/resolve`, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  /** A receipt image of a disputed trade as an object URL (the bearer token cannot ride an <img>). */
  receiptUrl: async (fileId: string): Promise<string> => {
    const response = await fetch(`/api/v1/admin/uploads/receipts/${fileId}`, {
      headers: { Authorization: `Bearer ${adminTokens.getAccessToken() ?? ''}` },
    });
    if (!response.ok) throw new Error(String(response.status));
    return URL.createObjectURL(await response.blob());
  },

  approvals: (params: { state?: 'pending' | 'decided'; page?: number; limit?: number }) =>
    adminRequest<ApprovalList>(`/admin/approvals${queryOf(params)}`),
  approve: (id: string, note?: string) =>
    adminRequest<ApprovalView>(`/admin/approvals/${id}/approve`, {
      method: 'POST',
      body: note ? { note } : {},
    }),
  reject: (id: string, note: string) =>
    adminRequest<ApprovalView>(`/admin/approvals/${id}/reject`, { method: 'POST', body: { note } }),
  cancelApproval: (id: string) =>
    adminRequest<ApprovalView>(`/admin/approvals/${id}/cancel`, { method: 'POST' }),

  twoFactor: () => adminRequest<StaffTwoFactorStatus>('/admin/auth/2fa'),
  twoFactorSetup: () =>
    adminRequest<{ secret: string; otpauthUri: string }>('/admin/auth/2fa/setup', { method: 'POST' }),
  twoFactorEnable: (code: string) =>
    adminRequest<{ enabled: true; recoveryCodes: string[] }>('/admin/auth/2fa/enable', {
      method: 'POST',
      body: { code },
    }),
  twoFactorDisable: (code: string) =>
    adminRequest<{ enabled: false }>('/admin/auth/2fa/disable', { method: 'POST', body: { code } }),

  auditLogs: (params: Record<string, string | number | undefined>) =>
    adminRequest<{ logs: AuditLogView[]; pagination: AdminPagination }>(
      `/admin/audit-logs${queryOf(params)}`,
    ),
};
