import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../lib/backoff';
import { ERROR_CODE } from '../../contracts/envelope';
import { decide } from './retry-policy';

const NOW = 1_000_000;
const half = () => 0.5;

describe('decide', () => {
  it.each([
    ['2xx', { kind: 'http', status: 200, body: { success: true, data: {} } }, 'done'],
    ['201', { kind: 'http', status: 201, body: { success: true } }, 'done'],
    ['network', { kind: 'network' }, 'retry'],
    ['500', { kind: 'http', status: 500, body: null }, 'retry'],
    ['503', { kind: 'http', status: 503, body: null }, 'retry'],
    ['429', { kind: 'http', status: 429, body: { message: 'slow down' } }, 'retry'],
    ['408', { kind: 'http', status: 408, body: null }, 'retry'],
    [
      '409 in progress',
      {
        kind: 'http',
        status: 409,
        body: { message: 'A request with this Idempotency-Key is still in progress', code: ERROR_CODE.stillInProgress },
      },
      'retry',
    ],
    // The decision reads the code, never the words: the same text without the code is a refusal.
    [
      '409 in-progress words, no code',
      { kind: 'http', status: 409, body: { message: 'A request with this Idempotency-Key is still in progress' } },
      'park',
    ],
    ['409 another code', { kind: 'http', status: 409, body: { message: 'still in progress', code: 'OTHER' } }, 'park'],
    ['409 other', { kind: 'http', status: 409, body: { message: 'An application with this id already exists' } }, 'park'],
    ['401', { kind: 'http', status: 401, body: { message: 'Unauthorized' } }, 'pause-auth'],
    ['400', { kind: 'http', status: 400, body: { message: 'Invalid mobile number' } }, 'park'],
    ['404', { kind: 'http', status: 404, body: { message: 'Not found' } }, 'park'],
    ['413', { kind: 'http', status: 413, body: { message: 'too large' } }, 'park'],
    ['422', { kind: 'http', status: 422, body: { message: 'mismatch' } }, 'park'],
    [
      'business rejection',
      {
        kind: 'http',
        status: 200,
        body: { success: true, data: { approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] } } },
      },
      'park',
    ],
    ['approved checks', { kind: 'http', status: 200, body: { data: { approval_checks: { decision: 'APPROVED' } } } }, 'done'],
  ] as const)('%s → %s', (_name, outcome, action) => {
    expect(decide(outcome, 1, NOW, half).action).toBe(action);
  });

  it('keeps the server message when parking', () => {
    expect(decide({ kind: 'http', status: 400, body: { message: 'Invalid mobile number' } }, 1, NOW, half)).toEqual({
      action: 'park',
      status: 400,
      message: 'Invalid mobile number',
    });
    const rejected = decide(
      { kind: 'http', status: 200, body: { data: { approval_checks: { decision: 'REJECTED', reasons: ['AGE'] } } } },
      1,
      NOW,
      half,
    );
    expect(rejected).toMatchObject({ action: 'park', message: 'Rejected: AGE' });
  });

  it('honours Retry-After on 429 (seconds and dates)', () => {
    expect(decide({ kind: 'http', status: 429, body: null, retryAfter: '7' }, 1, NOW, half)).toMatchObject({ at: NOW + 7000 });
    const date = new Date(NOW + 20_000).toUTCString();
    const d = decide({ kind: 'http', status: 429, body: null, retryAfter: date }, 1, NOW, half);
    expect(d.action === 'retry' && d.at - NOW).toBeGreaterThan(18_000);
  });

  it('backs off exponentially with full jitter, capped at 5 minutes', () => {
    const max = () => 0.999999;
    expect(backoffDelay(1, max)).toBe(999);
    expect(backoffDelay(2, max)).toBe(1999);
    expect(backoffDelay(4, max)).toBe(7999);
    expect(backoffDelay(20, max)).toBe(299_999);
    expect(backoffDelay(50, max)).toBe(299_999);
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(2000);
    const at = decide({ kind: 'network' }, 3, NOW, () => 0.5);
    expect(at).toMatchObject({ action: 'retry', at: NOW + 2000, status: 0 });
  });

  it('parses Retry-After', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
  });
});
