// /application/co-applicants?id=: the co-borrower and guarantors of an application (REQ-COAP-1 to REQ-COAP-5), from the
// phone's cache, refreshed when online. Rejected guarantors are hidden and offered for replacement.
import { AfterMobileNote } from '../../forms/after-mobile-note';
import { Link } from '@tanstack/react-router';
import { UnfinishedDraftRows, useUnfinishedDrafts } from '../../forms/unfinished-drafts';
import { useEffect, useState } from 'react';
import { coApplicantsMissing } from '../../../contracts/borrower';
import { CO_MSG } from '../../../contracts/co-applicant';
import { msg } from '../../../contracts/msg';
import { CO_APPLICANT_RELATIONSHIPS, labelOf } from '../../../contracts/enums';
import type { LoanType } from '../../../contracts/products';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useAppRecords } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { t } from '../../i18n';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { bureauCheck, refreshCoApplicants } from './co-applicant-fetch';
import { countedTypes, type LocalCoApplicant, nextRecordIndex, visibleCoApplicants } from '../../ops/co-applicant-ops';
import { useStagePath } from '../../session/flow-context';
import { rowOpensApplication } from '../../workflow/list-actions';
import { useProfile } from '../../session/profile-store';
import { productRoleOf } from '../../../contracts/roles';
import { NoApplication } from '../../forms/use-step-form';
import { APP_SEARCH, useRouteSearch } from '../../forms/route-search';

const TYPE_LABEL = { CO_BORROWER: msg('Co-borrower'), GUARANTOR: msg('Guarantor') } as const;

function Card({ appId, c, opens }: { appId: string; c: LocalCoApplicant; opens: boolean }) {
  const to = useStagePath();
  const db = useUserDb();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const recheck = async () => {
    if (!db) return;
    setBusy(true);
    try {
      const decision = await bureauCheck(db, appId, c.id);
      if (decision === 'APPROVED') toast.success(t('Bureau check passed'));
      else toast.error(CO_MSG.bureauFailed);
    } catch {
      toast.error(CO_MSG.bureauFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="co-card" aria-label={`${t(TYPE_LABEL[c.type])} ${c.name}`}>
      <div>
        {/* The card opens the co-applicant's details for the roles that open applications (decisions.md). */}
        {opens && /^[0-9a-f]{32}$/.test(c.id) ? (
          <Link to={to('co-applicant-details')} search={{ id: appId, co_applicant_id: c.id }}>
            <strong>{c.name}</strong>
          </Link>
        ) : (
          <strong>{c.name}</strong>
        )}
        <span className="muted small">
          {' '}
          · {t(TYPE_LABEL[c.type])}
          {c.relationship ? ` · ${t(labelOf(CO_APPLICANT_RELATIONSHIPS, c.relationship))}` : ''}
        </span>
      </div>
      <p className={`small ${c.status === 'REJECTED' ? 'error' : c.status === 'APPROVED' ? 'success' : 'muted'}`}>
        {c.status === 'QUEUED'
          ? t('Saved on this phone: the bureau check runs when it reaches the server.')
          : t('Status={status}', { status: c.status })}
      </p>
      {c.status === 'REJECTED' && (
        <Button variant="outline" size="sm" busy={busy} busyText={t('Checking...')} disabled={!online} onClick={() => void recheck()}>
          {t('Bureau Check')}
        </Button>
      )}
    </li>
  );
}

export function CoApplicantsScreen() {
  const to = useStagePath();
  const { id } = useRouteSearch(APP_SEARCH);
  const appId = id ?? '';
  const db = useUserDb();
  const online = useOnline();
  const profile = useProfile();
  const app = useApplication(db, appId);
  const records = useAppRecords(db, 'coApplicants', appId).map((r) => r.data);
  useEffect(() => {
    if (db && appId && online) void refreshCoApplicants(db, appId).catch(() => undefined);
  }, [db, appId, online]);

  const loanType: LoanType = app?.data?.loan_type ?? 'MFI_BUSINESS_LOAN';
  const { shown, rejectedGuarantors } = visibleCoApplicants(records);
  const missing = coApplicantsMissing(loanType, countedTypes(records));
  const drafts = useUnfinishedDrafts(
    appId,
    'co-applicant',
    records.map((r) => r.record_index),
  );
  const next = Math.max(nextRecordIndex(records), ...drafts.map((d) => d.recordIndex + 1));
  if (!id) return <NoApplication />;
  return (
    <main className="page">
      <h2>{t('Co-applicants')}</h2>
      <AfterMobileNote appId={id} />
      {shown.length + drafts.length === 0 ? (
        <MessageLine>{t('No data')}</MessageLine>
      ) : (
        <ul className="co-list" aria-label={t('Co-applicants')}>
          {shown.map((c) => (
            <Card
              key={c.id}
              appId={appId}
              c={c}
              opens={!profile.id || rowOpensApplication(productRoleOf(profile.role, profile.mfi_employee?.designation))}
            />
          ))}
          <UnfinishedDraftRows appId={appId} drafts={drafts} form="co-applicant-details" what={t('Co-applicant')} />
        </ul>
      )}
      {rejectedGuarantors.map((g) => (
        <MessageLine key={g.id} variant="warning">
          {t('The guarantor {name} was rejected by the bureau.', { name: g.name })}{' '}
          <Link to={to('co-applicant-details')} search={{ id, rejected_guarantor_id: g.id, record_index: next }}>
            {t(CO_MSG.replaceTitle)}
          </Link>
        </MessageLine>
      ))}
      {missing && <MessageLine variant="warning">{missing}</MessageLine>}
      <div className="stack">
        <Link to={to('co-applicant-details')} search={{ id, record_index: next }} className="ui-btn ui-btn--outline ui-btn--size-lg">
          {t(CO_MSG.addTitle)}
        </Link>
        {missing ? (
          <Button size="lg" disabled>
            {t('Continue')}
          </Button>
        ) : (
          <Link to={to('family-details')} search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">
            {t('Continue')}
          </Link>
        )}
      </div>
    </main>
  );
}
