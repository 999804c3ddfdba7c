// Readable text for outbox ops in the sync center: what it is, where it stands, why it is parked.
import { gatesOf } from '../db/outbox-gates';
import type { OutboxOp } from '../db/types';

/** A step captured before the borrower's mobile OTP: said wherever it is shown as saved or waiting. */
export const AFTER_MOBILE_TEXT = msg("Saved on this phone. It will be sent after the borrower's mobile is verified.");
import { formatBytes, formatDateTime } from '../lib/format';
import { t } from '../i18n';
import { msg } from '../../contracts/msg';
import { localize } from '../../contracts/msg-template';

/**
 * A text the phone stored in English (an op's label or its refusal) in the language of the moment. One that names a
 * person or lists reasons ('Family member: Asha', 'Rejected: …') translates its first part and keeps the rest.
 */
export function storedText(text: string): string {
  const whole = localize(text, t);
  if (whole !== text) return whole;
  const named = /^([^:]+): (.+)$/.exec(text);
  return named ? `${t(named[1]!)}: ${named[2]}` : text;
}

export function opTitle(op: Pick<OutboxOp, 'label' | 'kind' | 'fileId'>): string {
  // The label was written in English when the op was queued: it is shown in the language of the moment.
  if (op.label) return storedText(op.label);
  return op.fileId ? t('File upload') : op.kind.replace(/[._-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** Why a parked op is parked, in words an officer can act on. */
export function parkedReason(op: Pick<OutboxOp, 'lastError' | 'blockedBy'>): string {
  if (op.blockedBy) return t('Waiting for an earlier item that needs attention.');
  const err = op.lastError;
  if (!err) return t('The server did not accept this.');
  // The server's message comes first (it is the specification's text); ours only fills a silent answer.
  if (err.message) return storedText(err.message);
  if (err.status === 413) return t('The file is too large. Remove it and attach a smaller file.');
  if (err.status === 415) return t('This file type is not accepted. Attach a JPEG, PNG or PDF.');
  return t('The server answered {status}.', { status: err.status });
}

export function opStatusText(op: OutboxOp, now: number): string {
  switch (op.state) {
    case 'sending':
      return op.progress && op.progress.total > 0
        ? t('Sending {sent} of {total}', { sent: formatBytes(op.progress.sent), total: formatBytes(op.progress.total) })
        : t('Sending…');
    case 'needs-attention':
      return t('Needs attention');
    case 'done':
      return t('Sent');
    case 'queued':
      if (gatesOf(op).length > 0) return t("Waits for the borrower's mobile to be verified");
      if (op.attempts > 0 && op.nextAttemptAt > now) {
        const when = formatDateTime(op.nextAttemptAt);
        return op.lastError?.message
          ? t('Will retry at {when} ({reason})', { when, reason: storedText(op.lastError.message) })
          : t('Will retry at {when}', { when });
      }
      return t('Waiting to send');
  }
}

/** 0..1 for uploads with known size, null otherwise. */
export const opProgress = (op: Pick<OutboxOp, 'progress' | 'state'>): number | null =>
  op.state === 'done' ? 1 : op.progress && op.progress.total > 0 ? Math.min(1, op.progress.sent / op.progress.total) : null;
