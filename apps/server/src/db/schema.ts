import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
