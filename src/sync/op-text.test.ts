import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../db/types';
import { opProgress, opStatusText, opTitle, parkedReason } from './op-text';

const base: OutboxOp = {
  id: 'a',
  appId: 'x',
  kind: 'application.update',
  api: 'main',
  method: 'PATCH',
  path: '/v1/app/mfi/x',
  idempotencyKey: 'k',
  dependsOn: [],
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
};
const NOW = new Date(2026, 10, 23, 14, 5).getTime();

describe('sync center texts', () => {
  it.each([
    [{}, 'Application update'],
    [{ label: 'Borrower photo' }, 'Borrower photo'],
    [{ fileId: 'f', kind: 'file.upload' }, 'File upload'],
  ])('title of %j is %s', (change, text) => {
    expect(opTitle({ ...base, ...change })).toBe(text);
  });

  it.each([
    [{ blockedBy: 'b' }, 'Waiting for an earlier item that needs attention.'],
    [{ lastError: { status: 413, message: 'File too large' } }, 'File too large'],
    [{ lastError: { status: 413, message: '' } }, 'The file is too large. Remove it and attach a smaller file.'],
    [{ lastError: { status: 415, message: '' } }, 'This file type is not accepted. Attach a JPEG, PNG or PDF.'],
    [{ lastError: { status: 422, message: 'Invalid PAN' } }, 'Invalid PAN'],
    [{ lastError: { status: 400, message: '' } }, 'The server answered 400.'],
    [
      { lastError: { status: 0, message: 'The file for this upload is no longer on this device.' } },
      'The file for this upload is no longer on this device.',
    ],
    [{}, 'The server did not accept this.'],
  ])('parked reason for %j', (change, text) => {
    expect(parkedReason({ ...base, ...change })).toBe(text);
  });

  it.each([
    [{ state: 'sending', progress: { sent: 512 * 1024, total: 2 * 1024 * 1024 } }, 'Sending 512.0 KB of 2.0 MB'],
    [{ state: 'sending' }, 'Sending…'],
    [{ state: 'needs-attention' }, 'Needs attention'],
    [{ state: 'queued' }, 'Waiting to send'],
    [
      { state: 'queued', attempts: 2, nextAttemptAt: NOW + 60_000, lastError: { status: 503, message: 'Service unavailable' } },
      'Will retry at 23-11-2026 02:06 PM (Service unavailable)',
    ],
    [{ state: 'queued', attempts: 2, nextAttemptAt: NOW - 1 }, 'Waiting to send'],
    [{ state: 'queued', dependsOn: ['u1', 'gate:borrower:x'] }, "Waits for the borrower's mobile to be verified"],
  ] as const)('status of %j', (change, text) => {
    expect(opStatusText({ ...base, ...change } as OutboxOp, NOW)).toBe(text);
  });

  it.each([
    [{ state: 'sending', progress: { sent: 1, total: 4 } }, 0.25],
    [{ state: 'sending', progress: { sent: 9, total: 4 } }, 1],
    [{ state: 'queued' }, null],
    [{ state: 'done' }, 1],
  ] as const)('progress of %j', (change, value) => {
    expect(opProgress({ ...base, ...change } as OutboxOp)).toBe(value);
  });
});
