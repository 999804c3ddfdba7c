import type { ApplicationRecord } from './application-record';
import { msg } from './msg';

// The change feed (GET /api/main/v1/sync/changes, docs/api.md "Change feed"): what changed since a cursor among the
// applications the caller may read, each carrying everything the phone keeps of it, or telling it to drop one.

/** Page size when `limit` is absent, and the most a page may carry. */
export const FEED_LIMITS = { defaultLimit: 50, maxLimit: 200 } as const;
export const FEED_MSG = {
  cursor: msg('Invalid sync cursor'),
  limit: msg('Invalid page size'),
} as const;

/** A file's metadata as GET /v1/app/mfi/{id}/files answers it (the bytes stay behind presigned URLs). */
export type FeedFile = {
  file_id: string;
  file_type: string | null;
  upload_type: string | null;
  mime: string;
  size: number;
  geo_tag: unknown;
  record_index: number | null;
  created_at: string;
  integrity_flags?: unknown;
  capture?: string | null;
  masking_required: boolean;
};

/** An application the caller reads now, whole: the record (with its deviations, visits and offer) and its parts. */
export type FeedUpdate = {
  application_id: string;
  /** The feed's number of this change: larger is newer. */
  seq: number;
  application: ApplicationRecord & { id: string };
  co_applicants: Array<Record<string, unknown> & { id: string }>;
  family_members: Array<Record<string, unknown> & { id: string }>;
  files: FeedFile[];
};

/**
 * The phone must drop what it holds of this application: it left the caller's scope (another branch or owner, or
 * deleted), or it is finished and the caller's role keeps nothing of a finished loan (the verification role).
 */
export type FeedGone = { application_id: string; seq: number; gone: true; reason: 'out_of_scope' | 'finished' };

export type FeedChange = FeedUpdate | FeedGone;
export const isGone = (c: FeedChange): c is FeedGone => (c as FeedGone).gone === true;

/**
 * `reset`: the cursor was made for another scope (the caller's role or branch changed) or is unknown, so this is the
 * whole readable set again from the start: once the last page is in, the phone drops what none of the pages named.
 */
export type ChangesPage = { changes: FeedChange[]; cursor: string; has_more: boolean; reset?: true };
