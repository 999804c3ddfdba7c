// The application at a glance for whoever decides on it: borrower, business, address, loan asked, bureau
// decision, status and how its deviations stand.
import type { Deviation } from '../../contracts/deviations';
import type { ApprovalChecks } from '../../contracts/kyc';
import { JOB_TYPES, labelOf, LOAN_PRODUCTS } from '../../contracts/enums';
import { Figures } from '../components/ui/figures';
import { useAppRecords } from '../db/hooks';
import { useUserDb } from '../db/user-db-context';
import { formatRupees } from '../lib/format';
import { deviationItems, pendingCount } from '../workflow/deviation-items';
import { rejectionLines } from '../workflow/rejection';
import { t } from '../i18n';

export type FactsApp = {
  name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  pincode?: string;
  loan_type?: string;
  amount_requested?: number | null;
  tenure_requested?: number;
  status?: string;
  tracker_id?: string | null;
  job_type?: string;
  approval_checks?: Partial<ApprovalChecks> | null;
  deviations?: Deviation[];
  bank_account?: { deviations?: Deviation[] };
  business_info?: {
    business_name?: string;
    business_address?: string;
    business_city?: string;
    business_state?: string;
    business_pincode?: string;
  };
};

const join = (...parts: Array<string | number | undefined>) => parts.filter((p) => p !== undefined && p !== '').join(', ');

export const addressOf = (a: FactsApp | undefined) => join(a?.address, a?.city, a?.state, a?.pincode);
export const businessAddressOf = (a: FactsApp | undefined) => {
  const b = a?.business_info;
  return join(b?.business_address, b?.business_city, b?.business_state, b?.business_pincode);
};

export function bureauText(checks: FactsApp['approval_checks']): string {
  if (!checks?.decision) return t('Not checked yet');
  const reasons = rejectionLines(checks);
  return reasons.length ? `${checks.decision}: ${reasons.join('; ')}` : checks.decision;
}

export function ReviewFacts({ appId, app }: { appId: string; app: FactsApp | undefined }) {
  const db = useUserDb();
  const cos = useAppRecords(db, 'coApplicants', appId).map((r) => ({ id: r.id, ...(r.data as object) }));
  const items = deviationItems(app, cos);
  const pending = pendingCount(items);
  const rows: Array<[string, string | undefined]> = [
    [t('Borrower'), app?.name],
    [t('Mobile'), app?.phone ? `+91 ${app.phone}` : undefined],
    [t('Address'), addressOf(app)],
    [t('Occupation'), app?.job_type ? t(labelOf(JOB_TYPES, app.job_type)) : undefined],
    [t('Business'), app?.business_info?.business_name],
    [t('Business address'), businessAddressOf(app)],
    [
      t('Loan asked'),
      app?.amount_requested
        ? join(
            t(labelOf(LOAN_PRODUCTS, app.loan_type)),
            formatRupees(app.amount_requested),
            app.tenure_requested ? t('{months} months', { months: app.tenure_requested }) : undefined,
          )
        : undefined,
    ],
    [t('Bureau decision'), bureauText(app?.approval_checks)],
    [
      t('Deviations'),
      items.length === 0
        ? t('None')
        : `${items.length} (${pending ? t('{count} waiting for approval', { count: pending }) : t('all decided')})`,
    ],
    [t('Status'), (app?.status ?? 'DRAFT').replace(/_/g, ' ')],
    [t('External Loan Id'), app?.tracker_id ?? undefined],
  ];
  return (
    <dl className="details" aria-label={t('Application')}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <Figures text={v} />
            </dd>
          </div>
        ))}
    </dl>
  );
}
