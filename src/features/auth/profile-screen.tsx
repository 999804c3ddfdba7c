import { safeParse } from 'valibot';
import { ProfileSchema } from '../../../contracts/profile';
import { useProfile } from '../../session/profile-store';
import { MessageLine } from '../../components/ui/message-line';
import { LogoutButton } from './logout-button';

export function ProfileScreen() {
  const p = useProfile();
  const check = safeParse(ProfileSchema, p);
  const firstError = check.success ? null : check.issues[0]?.message;
  const rows: [string, string | null | undefined, boolean][] = [
    ['First name', p.first_name, true],
    ['Last name', p.last_name, true],
    ['Email', p.email, true],
    ['Mobile', p.mobile, true],
    ['Bank name', p.bank_name, false],
    ['Account number', p.account_number, false],
    ['IFSC', p.ifsc, false],
    ['Pincode', p.pincode, false],
    ['City', p.city, false],
    ['State', p.state, false],
    ['Address', p.address, false],
  ];
  return (
    <main className="page">
      <h2>User Details</h2>
      {firstError && <MessageLine variant="warning">Profile incomplete: {firstError}. Ask your branch to update it.</MessageLine>}
      <dl className="details">
        {rows
          .filter(([, v, always]) => always || v)
          .map(([k, v]) => (
            // REQ-PROF-1: the address is multi-line (its line breaks are kept).
            <div key={k}>
              <dt>{k}</dt>
              <dd className={k === 'Address' ? 'multi-line' : undefined}>{v}</dd>
            </div>
          ))}
      </dl>
      <LogoutButton />
    </main>
  );
}
