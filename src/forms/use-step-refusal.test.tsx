// A step's Submit is not offered in the moment before the phone has read the application (real Dexie on
// fake-indexeddb): a press then went to a form whose refusal showed up just after it (the forms audit's CPV hang).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '../../contracts/profile';
import { cacheRecords } from '../db/records';
import { UserDbProvider } from '../db/user-db-context';
import { openUserDb, type UserDb } from '../db/user-db';
import { setProfile } from '../session/profile-store';
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
  return <StepSubmit draft={{ error: null }} busy={false} refusal={useStepRefusal(APP, 'cpv.visit')} />;
}

it('waits, busy, until the application is read; then a step the server would refuse is not offered', async () => {
  // The officer's own draft application: the visit is the verification role's.
  await cacheRecords(db, 'applications', [{ id: APP, appId: APP, data: { id: APP, status: 'DRAFT', stages: [], owner_user_id: 7 } }]);
  render(
    <UserDbProvider db={db}>
      <Visit />
    </UserDbProvider>,
  );
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit).toHaveProperty('disabled', true);
  expect(submit.getAttribute('aria-busy')).toBe('true');
  const reason = await screen.findByText('Your role cannot change this step of the application.');
  expect(submit).toHaveProperty('disabled', true);
  expect(submit.getAttribute('aria-busy')).toBeNull();
  // The reason stands beside the button in the fixed bar (not at the form's end, below the fold) and describes it.
  expect(reason.closest('.ui-footer-bar')).toBe(submit.closest('.ui-footer-bar'));
  expect(submit.getAttribute('aria-describedby')).toBe(reason.id);
});

it('a Submit the screen holds back (a check first) says why beside it; a refusal comes first', () => {
  const { rerender } = render(<StepSubmit draft={{ error: null }} busy={false} refusal={null} blocked="Verify the PAN to submit." />);
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit).toHaveProperty('disabled', true);
  expect(submit.getAttribute('aria-describedby')).toBe(screen.getByText('Verify the PAN to submit.').id);
  rerender(
    <StepSubmit
      draft={{ error: null }}
      busy={false}
      refusal="This application was rejected: it can no longer change."
      blocked="Verify the PAN to submit."
    />,
  );
  expect(screen.queryByText('Verify the PAN to submit.')).toBeNull();
  expect(submit.getAttribute('aria-describedby')).toBe(screen.getByText(/was rejected/).id);
  rerender(<StepSubmit draft={{ error: null }} busy={false} refusal={null} blocked={null} />);
  expect(submit).toHaveProperty('disabled', false);
  expect(submit.getAttribute('aria-describedby')).toBeNull();
});

it('offers Submit once the application is read and the server would take it', async () => {
  await cacheRecords(db, 'applications', [
    { id: APP, appId: APP, data: { id: APP, status: 'DRAFT', stages: ['BANK_ACCOUNT'], owner_user_id: 3 } },
  ]);
  setProfile({ ...EMPTY_PROFILE, id: 9, role: 'MFI_EMPLOYEE', mfi_employee: { designation: 'BRANCH_MANAGER' } as never });
  render(
    <UserDbProvider db={db}>
      <Visit />
    </UserDbProvider>,
  );
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit).toHaveProperty('disabled', true);
  await expect.poll(() => submit.getAttribute('aria-busy')).toBeNull();
  expect(submit).toHaveProperty('disabled', false);
});
