// Checks before queueing, on a real Dexie: junk is refused before it is queued, and an edit of a value still queued
// takes the place of its check, with the borrower submit that waited for it now waiting for the new one.
import { afterEach, describe, expect, it } from 'vitest';
import { allOps } from '../db/outbox';
import { deleteUserDb, openUserDb } from '../db/user-db';
import { queueOp } from '../sync/enqueue';
import { checkFormatProblem, enqueueCheck, pendingCheckOps, queuedCheckFor } from './verification-ops';

let n = 0;
const fresh = () => openUserDb('sahayog', `checks-${++n}`);
afterEach(async () => {
  await deleteUserDb('sahayog', `checks-${n}`);
});
const APP = 'c'.repeat(32);
const OTHER = 'd'.repeat(32);

describe('format checks before queueing', () => {
  it.each([
    ['pan', 'ABCDE1234F', null],
    ['pan', 'abcde1234f', null],
    ['pan', '1234567890', 'PAN is 5 letters, 4 digits and a letter (AAAAA9999A)'],
    ['pan', 'ABCDE12345', 'PAN is 5 letters, 4 digits and a letter (AAAAA9999A)'],
    ['voter_id', 'ABC1234567', null],
    ['voter_id', 'FAIL000000', null],
    ['voter_id', '12', 'Voter ID is 10 characters: letters, then digits (AAA9999999)'],
    ['voter_id', 'ABC123456', 'Voter ID is 10 characters: letters, then digits (AAA9999999)'],
    ['account_number', '123456789012', null],
  ] as const)('%s %s', (field, value, expected) => {
    expect(checkFormatProblem(field, value)).toBe(expected);
  });

  it('enqueueCheck refuses junk: nothing is queued', async () => {
    const db = fresh();
    await expect(enqueueCheck(db, APP, 'pan', '1234567890')).rejects.toThrow('PAN is 5 letters');
    expect(await allOps(db)).toEqual([]);
  });
});

describe('an edit of a queued check replaces it', () => {
  it('takes its place, and the borrower submit waits for the new check', async () => {
    const db = fresh();
    const typo = await enqueueCheck(db, APP, 'pan', 'ABCDE1234G', 1);
    const otherApp = await enqueueCheck(db, OTHER, 'pan', 'ABCDE1234G', 2);
    const submit = await queueOp(
      db,
      {
        appId: APP,
        kind: 'application.borrower',
        method: 'PUT',
        path: `/v1/app/mfi/${APP}`,
        dependsOn: pendingCheckOps(await allOps(db), APP),
      },
      {},
      3,
    );
    expect(submit.dependsOn).toEqual([typo.id]);

    const replaces = queuedCheckFor(await allOps(db), APP, 'pan', ['ABCDE1234G']);
    expect(replaces).toBe(typo.id);
    const fixed = await enqueueCheck(db, APP, 'pan', 'ABCDE1234F', 4, { replaces });
    const ops = await allOps(db);
    expect(ops.map((o) => [o.appId, (o.body as { pan?: string } | undefined)?.pan])).toEqual([
      [APP, 'ABCDE1234F'],
      [OTHER, 'ABCDE1234G'],
      [APP, undefined],
    ]);
    expect(ops.find((o) => o.id === submit.id)?.dependsOn).toEqual([fixed.id]);
    expect(ops.some((o) => o.id === otherApp.id)).toBe(true);
  });

  it('a check already being sent is not replaced', () => {
    const sending = { id: 's', appId: APP, kind: 'verify.pan', state: 'sending', body: { pan: 'ABCDE1234G' } };
    expect(queuedCheckFor([sending] as never, APP, 'pan', ['ABCDE1234G'])).toBeUndefined();
  });
});
