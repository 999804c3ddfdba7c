// The tracker's timeline and status (pure): first submits of each step, every status change, rejection and sanction.
import { describe, expect, it } from 'vitest';
import { timelineOf, trackStatusOf } from './application-tracker';

const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m)).toISOString();
const ev = (m: number, kind: string, body: Record<string, unknown> = {}) => ({ kind, body, created_at: at(m) });

describe('timelineOf', () => {
  it('keeps the first submit of each step and every status change, in order; skips patches and checks', () => {
    const stages = timelineOf(at(0), [
      ev(1, 'verification', { check: 'pan' }),
      ev(2, 'borrower_info'),
      ev(3, 'borrower_info'),
      ev(4, 'basic_info', { approval_checks: { decision: 'APPROVED' } }),
      ev(5, 'patch', { name: 'x' }),
      ev(6, 'business_info'),
      ev(7, 'bank_account'),
      ev(8, 'cpv', { status_from: 'DRAFT', status_to: 'DRAFT' }),
      ev(9, 'cpv', { status_from: 'DRAFT', status_to: 'PD1_REVIEW' }),
      ev(10, 'pd1_review', { decision: 'SEND_BACK', status_to: 'DRAFT' }),
      ev(11, 'cpv', { status_from: 'DRAFT', status_to: 'PD1_REVIEW' }),
      ev(12, 'pd1_review', { decision: 'APPROVE', status_to: 'CREDIT_APPROVED' }),
      ev(13, 'cpv', { status_from: 'CREDIT_APPROVED', status_to: 'PD2_COMPLETE' }),
      ev(14, 'reference'),
      ev(15, 'loan_offer', { action: 'create' }),
      ev(16, 'loan_offer', { action: 'update' }),
      ev(17, 'loan_offer', { action: 'accept' }),
    ]).map((e) => [e.stage, e.at]);
    expect(stages).toEqual([
      ['STARTED', at(0)],
      ['BORROWER_INFO', at(2)],
      ['KYC', at(4)],
      ['BUSINESS_INFO', at(6)],
      ['BANK_ACCOUNT', at(7)],
      ['FIELD_VERIFICATION', at(8)],
      ['PD1_REVIEW', at(9)],
      ['SENT_BACK', at(10)],
      ['PD1_REVIEW', at(11)],
      ['CREDIT_APPROVED', at(12)],
      ['PD2_COMPLETE', at(13)],
      ['REFERENCES', at(14)],
      ['LOAN_OFFER', at(15)],
      ['SANCTIONED', at(17)],
    ]);
  });

  it('a rejected KYC adds REJECTED once', () => {
    const stages = timelineOf(at(0), [
      ev(1, 'basic_info', { approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] } }),
      ev(2, 'basic_info', { approval_checks: { decision: 'REJECTED' } }),
    ]).map((e) => e.stage);
    expect(stages).toEqual(['STARTED', 'KYC', 'REJECTED']);
  });
});

describe('trackStatusOf', () => {
  it.each([
    [{ status: 'DRAFT', data: {} }, 'DRAFT'],
    [{ status: 'PD1_REVIEW', data: {} }, 'PD1_REVIEW'],
    [{ status: 'PD2_COMPLETE', data: { sanctioned: true } }, 'SANCTIONED'],
    [{ status: 'DRAFT', data: { approval_checks: { decision: 'REJECTED' } } }, 'REJECTED'],
    [{ status: 'SOMETHING_NEW', data: {} }, 'DRAFT'],
  ])('%o → %s', (row, status) => {
    expect(trackStatusOf(row)).toBe(status);
  });
});
