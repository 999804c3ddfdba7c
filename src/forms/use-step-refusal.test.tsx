// Issue 19: a step's Submit is not offered in the moment before the phone has read the application (real Dexie on
// fake-indexeddb): a press then went to a form whose refusal showed up just after it (the forms audit's CPV hang).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../contracts/profile';
import { cacheRecords } from '../db/records';
import { UserDbProvider } from '../db/user-db-context';
import { openUserDb, type UserDb } from '../db/user-db';
import { setProfile } from './profile-store';
import { StepSubmit } from './use-step-form';
import { useStepRefusal } from './use-step-refusal';

const APP = 'c'.repeat(32);
let db: UserDb;
beforeEach(() => {
  db = openUserDb('t', `u${Math.random()}`);
  setProfile({ ...EMPTY_PROFILE, id: 7, role: 'AGENT' });
});
afterEach(async () => {
  cleanup();
  setProfile(null);
  db.close();
  await db.delete();
});

function Visit() {
  return <StepSubmit draft={{ error: null }} busy={false} disabled={false} refusal={useStepRefusal(APP, 'cpv.visit')} />;
}

it('waits, busy, until the application is read; then a step the server would refuse is not offered', async () => {
  // The officer's own draft application: the visit is the verification role's.
  await cacheRecords(db, 'applications', [{ id: APP, appId: APP, data: { id: APP, status: 'DRAFT', stages: [], owner_user_id: 7 } }]);
  render(<UserDbProvider db={db}><Visit /></UserDbProvider>);
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit).toHaveProperty('disabled', true);
  expect(submit.getAttribute('aria-busy')).toBe('true');
  expect(await screen.findByText('Your role cannot change this step of the application.')).toBeTruthy();
  expect(submit).toHaveProperty('disabled', true);
  expect(submit.getAttribute('aria-busy')).toBeNull();
});

it('offers Submit once the application is read and the server would take it', async () => {
  await cacheRecords(db, 'applications', [{ id: APP, appId: APP, data: { id: APP, status: 'DRAFT', stages: ['BANK_ACCOUNT'], owner_user_id: 3 } }]);
  setProfile({ ...EMPTY_PROFILE, id: 9, role: 'MFI_EMPLOYEE', mfi_employee: { designation: 'BRANCH_MANAGER' } as never });
  render(<UserDbProvider db={db}><Visit /></UserDbProvider>);
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit).toHaveProperty('disabled', true);
  await expect.poll(() => submit.getAttribute('aria-busy')).toBeNull();
  expect(submit).toHaveProperty('disabled', false);
});
