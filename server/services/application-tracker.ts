import {
  TRACK_MSG,
  TRACK_STAGE_LABELS,
  type TrackData,
  type TrackStage,
  type TrackStatus,
  type TrackTimelineEntry,
  maskPhone,
} from '../../contracts/tracking';
import { ApiError } from '../api-error';
import type { Db } from '../db/db';
import { APP_COLUMNS, type AppRow } from './application-store';

// Public tracking by external loan id (GET /v1/track): the status and a timeline read from application_events, with
// nothing personal (docs/workflow.md "Public tracking"). Event bodies are read here, never answered.

type EventRow = { kind: string; body: Record<string, unknown>; created_at: Date | string };

const iso = (d: Date | string) => new Date(d).toISOString();

/** The first time each step was submitted (kind → stage). */
const STEP_OF: Record<string, TrackStage> = {
  borrower_info: 'BORROWER_INFO',
  basic_info: 'KYC',
  co_applicant: 'CO_APPLICANTS',
  family_member: 'FAMILY_MEMBERS',
  business_info: 'BUSINESS_INFO',
  employment_info: 'EMPLOYMENT',
  bank_account: 'BANK_ACCOUNT',
  cpv: 'FIELD_VERIFICATION',
  reference: 'REFERENCES',
};
/** A status an event moved the application to (cpv and pd1_review record `status_to`). */
const STATUS_STAGE: Record<string, TrackStage> = {
  PD1_REVIEW: 'PD1_REVIEW',
  DRAFT: 'SENT_BACK',
  CREDIT_APPROVED: 'CREDIT_APPROVED',
  PD2_COMPLETE: 'PD2_COMPLETE',
};

/** Pure: the timeline of an application from its creation time and its events in order. */
export function timelineOf(createdAt: Date | string, events: EventRow[]): TrackTimelineEntry[] {
  const out: TrackTimelineEntry[] = [];
  const seen = new Set<TrackStage>();
  const add = (stage: TrackStage, at: Date | string, once: boolean) => {
    if (once && seen.has(stage)) return;
    seen.add(stage);
    out.push({ stage, label: TRACK_STAGE_LABELS[stage], at: iso(at) });
  };
  add('STARTED', createdAt, true);
  for (const e of events) {
    const step = STEP_OF[e.kind];
    if (step) add(step, e.created_at, true);
    const checks = e.body.approval_checks as { decision?: unknown } | undefined;
    if (e.kind === 'basic_info' && checks?.decision === 'REJECTED') add('REJECTED', e.created_at, true);
    const to = typeof e.body.status_to === 'string' ? STATUS_STAGE[e.body.status_to] : undefined;
    const from = e.body.status_from;
    if ((e.kind === 'cpv' && to && from !== e.body.status_to) || (e.kind === 'pd1_review' && to))
      add(to as TrackStage, e.created_at, false);
    if (e.kind === 'loan_offer' && e.body.action === 'create') add('LOAN_OFFER', e.created_at, true);
    if (e.kind === 'loan_offer' && e.body.action === 'accept') add('SANCTIONED', e.created_at, true);
  }
  return out;
}

export function trackStatusOf(row: Pick<AppRow, 'status' | 'data'>): TrackStatus {
  const checks = row.data.approval_checks as { decision?: unknown } | undefined;
  if (checks?.decision === 'REJECTED') return 'REJECTED';
  if (row.data.sanctioned === true) return 'SANCTIONED';
  return (['DRAFT', 'PD1_REVIEW', 'CREDIT_APPROVED', 'PD2_COMPLETE'] as const).find((s) => s === row.status) ?? 'DRAFT';
}

/** The application of this tenant with this tracker id (404 otherwise), as the tracker shows it. */
export async function trackApplication(db: Db, tenantId: string, trackerId: string): Promise<{ message: string; data: TrackData }> {
  const [row] = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND tracker_id=$2`, [
    tenantId,
    trackerId,
  ]);
  if (!row) throw new ApiError(404, TRACK_MSG.notFound);
  const events = await db.query<EventRow>(
    'SELECT kind, body, created_at FROM application_events WHERE tenant_id=$1 AND application_id=$2 ORDER BY seq',
    [tenantId, row.id],
  );
  const status = trackStatusOf(row);
  return {
    message: TRACK_MSG.status(trackerId, status),
    data: {
      tracker_id: trackerId,
      status,
      loan_type: typeof row.data.loan_type === 'string' ? row.data.loan_type : null,
      phone: maskPhone(row.phone),
      stages: row.stages,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      timeline: timelineOf(row.created_at, events),
    },
  };
}
