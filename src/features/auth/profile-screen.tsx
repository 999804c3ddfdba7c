import { safeParse } from 'valibot';
import { ProfileSchema } from '../../../contracts/profile';
import { useProfile } from '../../session/profile-store';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { MessageLine } from '../../components/ui/message-line';
import { t } from '../../i18n';
import { LogoutButton } from './logout-button';

export function ProfileScreen() {
  const p = useProfile();
  const check = safeParse(ProfileSchema, p);
  const firstError = check.success ? null : check.issues[0]?.message;
  // Each row: its label in the screen's language, the value, shown even when empty, and kept on several lines.
  const rows: [string, string | null | undefined, boolean, boolean?][] = [
    [t('First name'), p.first_name, true],
    [t('Last name'), p.last_name, true],
    [t('Email'), p.email, true],
    [t('Mobile'), p.mobile, true],
    [t('Bank name'), p.bank_name, false],
    [t('Account number'), p.account_number, false],
    [t('IFSC'), p.ifsc, false],
    [t('Pincode'), p.pincode, false],
    [t('City'), p.city, false],
    [t('State'), p.state, false],
    [t('Address'), p.address, false, true],
  ];
  return (
    <main className="page">
      <h2>{t('User Details')}</h2>
      {firstError && (
        <MessageLine variant="warning">
          {t('Profile incomplete: {problem}. Ask your branch to update it.', { problem: t(firstError) })}
        </MessageLine>
      )}
      <dl className="details">
        {rows
          .filter(([, v, always]) => always || v)
          .map(([k, v, , multiLine]) => (
            // REQ-PROF-1: the address is multi-line (its line breaks are kept).
            <div key={k}>
              <dt>{k}</dt>
              <dd className={multiLine ? 'multi-line' : undefined}>{v}</dd>
            </div>
          ))}
      </dl>
      <LanguageSwitch />
      <LogoutButton />
    </main>
  );
}
