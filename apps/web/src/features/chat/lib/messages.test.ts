import type { ChatMessage } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import {
  checkOutgoing,
  isShowable,
  markRead,
  SendErrors,
  showable,
  unreadIncoming,
  upsertMessage,
} from './messages';

const me = { id: 'u1', displayName: null, firstName: 'Вера' };
const msg = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  tradeId: 't',
  senderId: 'u2',
  content: 'привет',
  contentKey: null,
  type: 'TEXT',
  createdAt: '2026-01-01T10:00:00Z',
  readAt: null,
  sender: {
    id: 'u2',
    displayName: 'Алиса',
    firstName: 'Алиса',
    lastName: null,
    customAvatarUrl: null,
    useCustomProfile: false,
  },
  ...over,
});

describe('chat rules', () => {
  it('does not send empty or whitespace-only drafts, silently', () => {
    expect(checkOutgoing('   \n ', me)).toEqual({ ok: false, error: null });
  });

  it('refuses more than 2000 characters', () => {
    expect(checkOutgoing('a'.repeat(2001), me)).toEqual({ ok: false, error: SendErrors.tooLong });
    expect(checkOutgoing('a'.repeat(2000), me).ok).toBe(true);
  });

  it('needs a sender id and a name', () => {
    expect(checkOutgoing('hi', { id: '', firstName: 'x' })).toEqual({ ok: false, error: SendErrors.noId });
    expect(checkOutgoing('hi', { id: 'u1', displayName: null, firstName: '' })).toEqual({
      ok: false,
      error: SendErrors.noName,
    });
    expect(checkOutgoing('  hi  ', me)).toEqual({ ok: true, content: 'hi' });
  });

  it('drops TEXT messages without a sender id or name but keeps SYSTEM and MODERATOR lines', () => {
    expect(isShowable(msg({}))).toBe(true);
    expect(isShowable(msg({ senderId: null }))).toBe(false);
    expect(isShowable(msg({ sender: null }))).toBe(false);
    expect(isShowable(msg({ type: 'SYSTEM', senderId: null, sender: null }))).toBe(true);
    expect(isShowable(msg({ type: 'MODERATOR', senderId: null, sender: null }))).toBe(true);
  });

  it('merges live messages by id in time order, and records reads', () => {
    const a = msg({ id: 'a', createdAt: '2026-01-01T10:00:00Z' });
    const b = msg({ id: 'b', createdAt: '2026-01-01T10:01:00Z' });
    const list = upsertMessage(upsertMessage([b], a), a);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
    expect(unreadIncoming(list, 'u1')).toBe(2);
    const read = markRead(list, 'a', '2026-01-01T10:02:00Z');
    expect(read[0]?.readAt).toBe('2026-01-01T10:02:00Z');
    expect(unreadIncoming(read, 'u1')).toBe(1);
    expect(unreadIncoming(read, 'u2')).toBe(0);
  });

  it('shows a page oldest first even when it arrives newest first', () => {
    const a = msg({ id: 'a', createdAt: '2026-01-01T10:00:00Z' });
    const b = msg({ id: 'b', createdAt: '2026-01-01T10:01:00Z' });
    const broken = msg({ id: 'c', senderId: null });
    expect(showable([b, broken, a]).map((m) => m.id)).toEqual(['a', 'b']);
  });
});
