import { describe, expect, it } from 'vitest';
import { countedTypes, type LocalCoApplicant, nextRecordIndex, visibleCoApplicants } from './co-applicant-ops';

const co = (id: string, type: LocalCoApplicant['type'], status: LocalCoApplicant['status'], record_index: number): LocalCoApplicant => ({
  id,
  type,
  status,
  record_index,
  name: id,
});

describe('co-applicant list rules (REQ-COAP-5)', () => {
  const list = [
    co('g1', 'GUARANTOR', 'REJECTED', 1),
    co('c1', 'CO_BORROWER', 'APPROVED', 0),
    co('g0', 'GUARANTOR', 'REPLACED', 2),
    co('g2', 'GUARANTOR', 'QUEUED', 3),
    co('c2', 'CO_BORROWER', 'REJECTED', 4),
  ];
  it('hides rejected guarantors (offered for replacement) and replaced ones; a rejected co-borrower stays with its status', () => {
    const { shown, rejectedGuarantors } = visibleCoApplicants(list);
    expect(shown.map((c) => c.id)).toEqual(['c1', 'g2', 'c2']);
    expect(rejectedGuarantors.map((c) => c.id)).toEqual(['g1']);
  });
  it('counts approved and still-queued co-applicants toward the requirement, never rejected ones', () => {
    expect(countedTypes(list)).toEqual(['CO_BORROWER', 'GUARANTOR']);
    expect(countedTypes([co('x', 'CO_BORROWER', 'REJECTED', 0)])).toEqual([]);
  });
  it('gives each new co-applicant the next record index (its draft key)', () => {
    expect(nextRecordIndex([])).toBe(0);
    expect(nextRecordIndex(list)).toBe(5);
  });
});
