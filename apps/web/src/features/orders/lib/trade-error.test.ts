import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { classifyTradeError } from './trade-error';

describe('trade creation error dialog', () => {
  it('chooses the case by HTTP status', () => {
    expect(classifyTradeError(new ApiError('x', 401, 'UNAUTHORIZED')).kind).toBe('auth');
    expect(classifyTradeError(new ApiError('x', 400, 'VALIDATION_ERROR')).kind).toBe('validation');
    expect(classifyTradeError(new ApiError('x', 404, 'NOT_FOUND')).kind).toBe('notFound');
    expect(classifyTradeError(new ApiError('x', 429, 'RATE_LIMITED')).kind).toBe('rateLimit');
    expect(classifyTradeError(new ApiError('x', 503, 'SERVICE_UNAVAILABLE')).kind).toBe('server');
    expect(classifyTradeError(new ApiError('x', 0, 'TIMEOUT')).kind).toBe('generic');
    expect(classifyTradeError(new TypeError('boom')).kind).toBe('unexpected');
  });

  it('offers no retry for 401 and 429', () => {
    expect(classifyTradeError(new ApiError('x', 401)).canRetry).toBe(false);
    expect(classifyTradeError(new ApiError('x', 429)).canRetry).toBe(false);
    expect(classifyTradeError(new ApiError('x', 500)).canRetry).toBe(true);
  });

  it("keeps the server's words and points to the wallet on INSUFFICIENT_BALANCE", () => {
    const own = classifyTradeError(
      new ApiError('Вы не можете торговать со своим собственным ордером', 400, 'OWN_ORDER'),
    );
    expect(own).toMatchObject({
      kind: 'validation',
      message: 'Вы не можете торговать со своим собственным ордером',
    });
    expect(own.walletLink).toBe(false);
    const balance = classifyTradeError(
      new ApiError('Недостаточно средств на балансе', 400, 'INSUFFICIENT_BALANCE'),
    );
    expect(balance.walletLink).toBe(true);
  });
});
