import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../db/types';
import { currentReferences, REFERENCES_KIND, type Ref } from './reference-data';
import { withReference } from './reference-details-screen';

const A: Ref = { id: 'r1', type: 'PERSONAL_REFERENCE', name: 'A', phone: '9876543210', address: '12 MG Road' };
const B: Ref = {
  id: 'r2',
  type: 'BUSINESS_REFERENCE',
  name: 'B',
  phone: '9876543211',
  address: '14 MG Road',
  company_name: 'Pune Traders',
};
const C: Ref = { type: 'PERSONAL_REFERENCE', name: 'C', phone: '9876543212', address: '16 MG Road' };
const op = (references: Ref[], state: OutboxOp['state'], kind = REFERENCES_KIND) =>
  ({ kind, state, body: { references } }) as unknown as OutboxOp;
const blankish = (r: Ref) => ({ company_name: '', ...r });

describe('the references the phone shows and edits', () => {
  it.each<[string, unknown, OutboxOp[], Ref[]]>([
    ["the server's list", [A, B], [], [blankish(A), B]],
    ['nothing stored', undefined, [], []],
    ['a queued list wins over the server', [A], [op([A, C], 'queued')], [blankish(A), blankish(C)]],
    ['the last queued list wins', [A], [op([A, C], 'needs-attention'), op([C], 'queued')], [blankish(C)]],
    ['a sent list no longer counts', [A, B], [op([C], 'done')], [blankish(A), B]],
    ['other steps do not count', [A], [op([C], 'queued', 'application.cpv')], [blankish(A)]],
  ])('%s', (_name, stored, ops, expected) => expect(currentReferences(stored, ops)).toEqual(expected));
});

describe('one reference changed in the list (reference-details)', () => {
  it.each<[string, Ref[], number, Ref | null, Ref[]]>([
    ['appends the next one', [A], 1, C, [A, C]],
    ['appends when the index is past the end', [A], 5, C, [A, C]],
    ['replaces one and keeps its server id', [A, B], 0, C, [{ ...C, id: 'r1' }, B]],
    ['removes one', [A, B], 0, null, [B]],
  ])('%s', (_name, list, index, value, expected) => expect(withReference(list, index, value)).toEqual(expected));
});
