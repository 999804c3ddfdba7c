// Readable text for outbox ops in the sync center: what it is, where it stands, why it is parked.
import { gatesOf } from '../db/outbox-gates';
import type { OutboxOp } from '../db/types';

/** A step captured before the borrower's mobile OTP: said wherever it is shown as saved or waiting. */
export const AFTER_MOBILE_TEXT = "Saved on this phone. It will be sent after the borrower's mobile is verified.";
import { formatBytes, formatDateTime } from '../lib/format';

export function opTitle(op: Pick<OutboxOp, 'label' | 'kind' | 'fileId'>): string {
  if (op.label) return op.label;
  return op.fileId ? 'File upload' : op.kind.replace(/[._-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** Why a parked op is parked, in words an officer can act on. */
export function parkedReason(op: Pick<OutboxOp, 'lastError' | 'blockedBy'>): string {
  if (op.blockedBy) return 'Waiting for an earlier item that needs attention.';
  const err = op.lastError;
  if (!err) return 'The server did not accept this.';
  // The server's message comes first (it is the specification's text); ours only fills a silent answer.
  if (err.message) return err.message;
  if (err.status === 413) return 'The file is too large. Remove it and attach a smaller file.';
  if (err.status === 415) return 'This file type is not accepted. Attach a JPEG, PNG or PDF.';
  return `The server answered ${err.status}.`;
}

export function opStatusText(op: OutboxOp, now: number): string {
  switch (op.state) {
    case 'sending':
      return op.progress && op.progress.total > 0
        ? `Sending ${formatBytes(op.progress.sent)} of ${formatBytes(op.progress.total)}`
        : 'Sending…';
    case 'needs-attention':
      return 'Needs attention';
    case 'done':
      return 'Sent';
    case 'queued':
      if (gatesOf(op).length > 0) return "Waits for the borrower's mobile to be verified";
      if (op.attempts > 0 && op.nextAttemptAt > now) {
        return `Will retry at ${formatDateTime(op.nextAttemptAt)}${op.lastError?.message ? ` (${op.lastError.message})` : ''}`;
      }
      return 'Waiting to send';
  }
}

/** 0..1 for uploads with known size, null otherwise. */
export const opProgress = (op: Pick<OutboxOp, 'progress' | 'state'>): number | null =>
  op.state === 'done' ? 1 : op.progress && op.progress.total > 0 ? Math.min(1, op.progress.sent / op.progress.total) : null;
