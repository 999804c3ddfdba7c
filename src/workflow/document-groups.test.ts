import { describe, expect, it } from 'vitest';
import { documentGroups } from './document-groups';
import type { AppDoc } from './visit-evidence';

const doc = (fileId: string, type: string, phoneId?: string): AppDoc => ({
  fileId,
  type,
  mime: 'image/jpeg',
  place: null,
  ...(phoneId ? { phoneId } : {}),
});
const DOCS = [
  doc('b-pan', 'PAN'),
  doc('b-front', 'AADHAAR_FRONT'),
  doc('b-proof', 'BUSINESS_PROOF'),
  doc('s-pan', 'PAN'),
  doc('s-front', 'AADHAAR_FRONT'),
  doc('g-old-pan', 'PAN'),
  doc('g-new-pan', 'PAN'),
  doc('x', 'FAMILY_PAN', 'local-geeta-pan'),
];
const CO = [
  { id: 'c1', type: 'CO_BORROWER', name: 'Sunita Devi', status: 'APPROVED', pan_file: 's-pan', aadhaar_front_file: 's-front' },
  { id: 'g1', type: 'GUARANTOR', name: 'Mohan Lal', status: 'REPLACED', pan_file: 'g-old-pan' },
  { id: 'g2', type: 'GUARANTOR', name: 'Ravi Shah', status: 'APPROVED', pan_file: 'g-new-pan' },
];
const FAMILY = [{ id: 'local:1', name: 'Geeta Kumar', pan_file: 'local-geeta-pan' }];

describe('documents grouped by person for the reviewer', () => {
  it('the borrower, each co-applicant by name (the replaced guarantor marked, last), each family member', () => {
    const groups = documentGroups(DOCS, 'Ramesh Kumar', CO, FAMILY);
    expect(groups.map((g) => [g.title, g.docs.map((d) => d.fileId)])).toEqual([
      ['Borrower Ramesh Kumar', ['b-pan', 'b-front', 'b-proof']],
      ['Co-borrower Sunita Devi', ['s-pan', 's-front']],
      ['Guarantor Ravi Shah', ['g-new-pan']],
      ['Guarantor Mohan Lal (replaced guarantor)', ['g-old-pan']],
      ['Family member Geeta Kumar', ['x']],
    ]);
  });
  it('a rejected guarantor still to replace says so; a person without documents has no group', () => {
    const groups = documentGroups(
      [doc('g-pan', 'PAN')],
      'Ramesh Kumar',
      [
        { id: 'g', type: 'GUARANTOR', name: 'Mohan Lal', status: 'REJECTED', pan_file: 'g-pan' },
        { id: 'c', type: 'CO_BORROWER', name: 'Sunita Devi', status: 'APPROVED' },
      ],
      [],
    );
    expect(groups.map((g) => g.title)).toEqual(['Guarantor Mohan Lal (rejected, to be replaced)']);
  });
});
