import { describe, expect, it } from 'vitest';
import { statusLabelKey, statusTone } from './trade-status';

describe('trade status labels', () => {
  it('gives every status one label, display-only ones included', () => {
    expect(statusLabelKey('ESCROW_LOCKED')).toBe('tradeStatus.ESCROW_LOCKED');
    expect(statusLabelKey('completed')).toBe('tradeStatus.COMPLETED');
    expect(statusLabelKey('CONFIRMING')).toBe('tradeStatus.PAYMENT_CONFIRMED');
    expect(statusLabelKey('SOMETHING')).toBe('tradeStatus.unknown');
  });

  it('colours final and frozen statuses apart', () => {
    expect(statusTone('COMPLETED')).toBe('success');
    expect(statusTone('cancelled')).toBe('muted');
    expect(statusTone('DISPUTED')).toBe('danger');
    expect(statusTone('PAYMENT_PENDING')).toBe('warn');
    expect(statusTone('ESCROW_LOCKED')).toBe('progress');
  });
});
