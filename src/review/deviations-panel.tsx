// The deviations of one application (REQ-DEV-2): whose, the names compared or the figures before → after,
// who raised it, where each stands; the review role decides a PENDING one here with remarks (POST …/deviations/decision,
// queued like every write), and everyone else sees the decision. Only a reviewer who may decide gets the buttons: the
// authority table says which role, contracts/four-eyes.ts that it is not the one who raised it nor the owner.
import { useState } from 'react';
import { DEVIATION_MSG } from '../../contracts/deviations';
import { fourEyesIssue } from '../../contracts/four-eyes';
import { productRoleOf } from '../../contracts/roles';
import { Button } from '../components/ui/button';
import { FloatingTextarea } from '../components/ui/floating-textarea';
import { MessageLine } from '../components/ui/message-line';
import { useAppRecords, useApplication } from '../db/hooks';
import { patchRecord } from '../db/records';
import { useUserDb } from '../db/user-db-context';
import { formatDate } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { OP_CATALOGUE } from '../sync/op-catalogue';
import { enqueue } from '../sync/enqueue';
import { appMay, type AuthorityApp } from '../workflow/app-authority';
import { DEVIATION_LABELS, type DeviationItem, deviationItems, STATUS_TEXT } from '../workflow/deviation-items';
import { useProfile } from '../session/profile-store';
import { awaitAnswer } from '../ops/settle-step';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

type AppData = AuthorityApp & Parameters<typeof deviationItems>[0];

const SOURCE_TEXT: Record<string, string> = {
  INPUT: msg('typed'),
  BANK_ACCOUNT: msg(`bank's answer`),
  VOTER_ID: msg('voter id'),
  PAN: msg('PAN'),
  AADHAAR: msg('Aadhaar'),
};
const sourceText = (source: string) => {
  const known = SOURCE_TEXT[source];
  return known ? t(known) : source;
};
const amount = (x: number | null) => (x === null ? '—' : x.toLocaleString('en-IN'));

function DeviationRow({
  appId,
  item,
  canDecide,
  notYou,
}: {
  appId: string;
  item: DeviationItem;
  canDecide: boolean;
  notYou: string | null;
}) {
  const db = useUserDb();
  const online = useOnline();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const d = item.deviation;
  const status = d.status ?? 'PENDING';
  const decide = async (decision: 'APPROVED' | 'REJECTED') => {
    if (!db) return;
    if (!remarks.trim()) return setError(t(DEVIATION_MSG.remarks));
    setError('');
    setBusy(true);
    const body = { type: d.type, decision, remarks: remarks.trim(), ...(item.recordId ? { record_id: item.recordId } : {}) };
    const op = await enqueue(db, OP_CATALOGUE.deviationDecision, {
      appId,
      at: { appId },
      body,
      label:
        decision === 'APPROVED'
          ? t('{deviation} ({whose}): approve', { deviation: DEVIATION_LABELS[d.type], whose: item.whose })
          : t('{deviation} ({whose}): reject', { deviation: DEVIATION_LABELS[d.type], whose: item.whose }),
    });
    const answered = await awaitAnswer(db, op, online);
    setBusy(false);
    if (answered?.state === 'needs-attention') return setError(t(answered.lastError?.message ?? DEVIATION_MSG.decided));
    // A co-applicant's deviation lives on its record: the answer is the application, so the phone's copy is told here.
    if (answered?.state === 'done' && item.recordId) {
      const rec = await db.coApplicants.get(item.recordId);
      const list = (rec?.data.deviations ?? []).map((x) => (x.type === d.type ? { ...x, status: decision } : x));
      await patchRecord(db, 'coApplicants', item.recordId, { deviations: list });
    }
  };
  return (
    <li className="deviation" data-status={status}>
      <p>
        <strong>{DEVIATION_LABELS[d.type]}</strong> · {item.whose}
      </p>
      {d.info.values && (
        <p className="muted">
          {t('Names compared: {names}', { names: d.info.values.map((x) => `${x.value} (${sourceText(x.source)})`).join(' · ') })}
        </p>
      )}
      {d.info.changes && (
        <ul className="muted" aria-label={t('Figures changed')}>
          {d.info.changes.map((c) => (
            <li key={c.field}>
              {t(c.label)}: {amount(c.before)} → {amount(c.after)}
            </li>
          ))}
        </ul>
      )}
      {d.info.identity && (
        <ul className="muted" aria-label={t('Borrower or loan changed')}>
          {d.info.identity.map((c) => (
            <li key={c.field}>
              {t(c.label)}: {c.before ?? '—'} → {c.after ?? '—'}
            </li>
          ))}
        </ul>
      )}
      {d.info.reason && <p className="muted">{t('Reason given: {reason}', { reason: d.info.reason })}</p>}
      {d.raised_by && (
        <p className="muted">
          {t('Raised on {date} by user {user}', { date: formatDate(new Date(d.raised_by.at)), user: d.raised_by.user_id ?? t('visitor') })}
          {d.decided_by ? `; ${t('decided by user {user}', { user: d.decided_by })}` : ''}
        </p>
      )}
      <p className={`deviation__status deviation__status--${status.toLowerCase()}`}>
        {t(STATUS_TEXT[status])}
        {d.decided_at ? ` ${t('on {date}', { date: formatDate(new Date(d.decided_at)) })}` : ''}
        {d.decision_remarks ? `: ${d.decision_remarks}` : ''}
      </p>
      {canDecide && status === 'PENDING' && notYou && <MessageLine variant="warning">{t(notYou)}</MessageLine>}
      {canDecide && status === 'PENDING' && !notYou && (
        <div className="stack">
          <FloatingTextarea
            label={t('Remarks')}
            value={remarks}
            error={error || undefined}
            maxLength={500}
            onChange={(e) => setRemarks(e.target.value)}
          />
          <div className="row">
            <Button variant="default" busy={busy} onClick={() => decide('APPROVED')}>
              {t('Approve deviation')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => decide('REJECTED')}>
              {t('Reject deviation')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export function DeviationsPanel({ appId, app: given }: { appId: string; app?: AppData }) {
  const db = useUserDb();
  const profile = useProfile();
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const app = useApplication(db, appId)?.data ?? given;
  const cos = useAppRecords(db, 'coApplicants', appId).map((r) => ({ ...r.data, id: r.id }));
  const items = deviationItems(app, cos);
  if (items.length === 0) return null;
  const canDecide = appMay('deviation.decide', role, app, profile.id);
  return (
    <section className="stack deviations" aria-label={t('Deviations')}>
      <h3>{t('Deviations')}</h3>
      {!canDecide && items.some((i) => (i.deviation.status ?? 'PENDING') === 'PENDING') && (
        <MessageLine variant="warning">{t('A deviation waits for the review role (branch credit manager) to approve it.')}</MessageLine>
      )}
      <ul className="deviation-list">
        {items.map((item) => (
          <DeviationRow
            key={item.key}
            appId={appId}
            item={item}
            canDecide={canDecide}
            notYou={fourEyesIssue({
              deciderId: profile.id,
              raisedBy: item.deviation.raised_by,
              earlierRaisers: item.deviation.earlier_raisers,
              ownerId: app?.owner_user_id,
            })}
          />
        ))}
      </ul>
    </section>
  );
}
