import { describe, expect, it } from 'vitest';
import { incompleteApps, incompleteTitle } from './incomplete-apps';

const app = (id: string, data: Record<string, unknown>) => ({ id, data });
const APPS = [
  app('draft', { status: 'DRAFT', stages: ['BORROWER_INFO'] }),
  app('bureau-rejected', { status: 'DRAFT', stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'], approval_checks: { decision: 'REJECTED' } }),
  app('reason-only', { status: 'DRAFT', rejection_reason: 'OVERDUE_AMOUNT_PRESENT' }),
  app('review', { status: 'PD1_REVIEW' }),
];

describe("the mobile screen's Complete Application list (REQ-NAV-4 status, rejection_status)", () => {
  it('lists the drafts still to complete, never a rejected application', () => {
    expect(incompleteApps(APPS).map((a) => a.id)).toEqual(['draft']);
    expect(incompleteTitle()).toBe('Complete Application');
  });
  it('rejection_status=REJECTED lists the rejected ones', () => {
    expect(incompleteApps(APPS, 'REJECTED').map((a) => a.id)).toEqual(['bureau-rejected', 'reason-only']);
    expect(incompleteTitle('REJECTED')).toBe('Rejected Applications');
  });
});
