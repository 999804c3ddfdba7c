// The application's documents as a reviewer reads them: by person. The borrower's (KYC, business, bank), each
// co-applicant's by name (a replaced or rejected guarantor marked as such), each family member's. A document belongs to
// the record that names its file id (the server's, or the phone's own id while the record is queued); the borrower
// holds the rest.
import type { AppDoc } from './visit-evidence';
import { t } from '../i18n';

export type PersonRecord = {
  id?: string;
  name?: string;
  type?: string;
  status?: string;
  approval_checks?: { decision?: string } | null;
  [field: string]: unknown;
};
export type DocGroup = { key: string; title: string; docs: AppDoc[] };

const fileIdsOf = (r: PersonRecord) =>
  new Set(Object.entries(r).flatMap(([k, v]) => (k.endsWith('_file') && typeof v === 'string' && v ? [v, v.replace(/^srv:/, '')] : [])));

function coTitle(c: PersonRecord): string {
  const guarantor = c.type === 'GUARANTOR';
  const who = `${guarantor ? t('Guarantor') : t('Co-borrower')} ${c.name ?? ''}`.trim();
  if (c.status === 'REPLACED') return t('{who} (replaced guarantor)', { who });
  if (c.status === 'REJECTED' || c.approval_checks?.decision === 'REJECTED')
    return guarantor ? t('{who} (rejected, to be replaced)', { who }) : t('{who} (rejected)', { who });
  return who;
}

export function documentGroups(
  docs: readonly AppDoc[],
  borrowerName: string | undefined,
  coApplicants: readonly PersonRecord[],
  family: readonly PersonRecord[],
): DocGroup[] {
  const taken = new Set<AppDoc>();
  const claim = (r: PersonRecord) => {
    const ids = fileIdsOf(r);
    const mine = docs.filter((d) => !taken.has(d) && (ids.has(d.fileId) || (!!d.phoneId && ids.has(d.phoneId))));
    for (const d of mine) taken.add(d);
    return mine;
  };
  // A replaced guarantor last among the co-applicants: the one in force reads first.
  const cos = [...coApplicants].sort((a, b) => Number(a.status === 'REPLACED') - Number(b.status === 'REPLACED'));
  const coGroups = cos.map((c, i) => ({ key: `co-${c.id ?? i}`, title: coTitle(c), docs: claim(c) }));
  const familyGroups = family.map((m, i) => ({
    key: `fam-${m.id ?? i}`,
    title: `${t('Family member')} ${m.name ?? ''}`.trim(),
    docs: claim(m),
  }));
  const borrower = {
    key: 'borrower',
    title: `${t('Borrower')}${borrowerName ? ` ${borrowerName}` : ''}`,
    docs: docs.filter((d) => !taken.has(d)),
  };
  return [borrower, ...coGroups, ...familyGroups].filter((g) => g.docs.length > 0);
}
