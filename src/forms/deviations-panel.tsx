// The deviations of one application (issue 16; workflow §4 'Deviations'): whose, the names compared, where each stands;
// the review role decides a PENDING one here with remarks (POST …/deviations/decision, queued like every write), and
// everyone else sees the decision. Only the review role gets the buttons: the authority table says who decides.
import { useState } from 'react';
import { DEVIATION_MSG } from '../../contracts/deviations';
import { productRoleOf } from '../../contracts/roles';
import { Button } from '../components/ui/button';
import { FloatingTextarea } from '../components/ui/floating-textarea';
import { MessageLine } from '../components/ui/message-line';
import { useAppRecords, useApplication } from '../db/hooks';
import { patchRecord } from '../db/records';
import { useUserDb } from '../db/user-db-context';
import { formatDate } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { OP_KINDS } from '../sync/op-kinds';
import { enqueue } from '../sync/enqueue';
import { appMay, type AuthorityApp } from './app-authority';
import { DEVIATION_LABELS, type DeviationItem, deviationItems, STATUS_TEXT } from './deviation-items';
import { useProfile } from './profile-store';
import { awaitAnswer } from './settle-step';

type AppData = AuthorityApp & Parameters<typeof deviationItems>[0];

function DeviationRow({ appId, item, canDecide }: { appId: string; item: DeviationItem; canDecide: boolean }) {
  const db = useUserDb();
  const online = useOnline();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const d = item.deviation;
  const status = d.status ?? 'PENDING';
  const decide = async (decision: 'APPROVED' | 'REJECTED') => {
    if (!db) return;
    if (!remarks.trim()) return setError(DEVIATION_MSG.remarks);
    setError('');
    setBusy(true);
    const body = { type: d.type, decision, remarks: remarks.trim(), ...(item.recordId ? { record_id: item.recordId } : {}) };
    const op = await enqueue(db, {
      appId, kind: OP_KINDS.deviationDecision, method: 'POST', path: `/v1/app/mfi/${appId}/deviations/decision`, body,
      label: `${DEVIATION_LABELS[d.type]} (${item.whose}): ${decision === 'APPROVED' ? 'approve' : 'reject'}`,
    });
    const answered = await awaitAnswer(db, op, online);
    setBusy(false);
    if (answered?.state === 'needs-attention') return setError(answered.lastError?.message ?? DEVIATION_MSG.decided);
    // A co-applicant's deviation lives on its record: the answer is the application, so the phone's copy is told here.
    if (answered?.state === 'done' && item.recordId) {
      const rec = await db.coApplicants.get(item.recordId);
      const list = (rec?.data.deviations ?? []).map((x) => (x.type === d.type ? { ...x, status: decision } : x));
      await patchRecord(db, 'coApplicants', item.recordId, { deviations: list });
    }
  };
  return (
    <li className="deviation" data-status={status}>
      <p><strong>{DEVIATION_LABELS[d.type]}</strong> · {item.whose}</p>
      {d.info.values && <p className="muted">Names compared: {d.info.values.map((x) => `${x.value} (${x.source.replace('_', ' ').toLowerCase()})`).join(' · ')}</p>}
      <p className={`deviation__status deviation__status--${status.toLowerCase()}`}>
        {STATUS_TEXT[status]}{d.decided_at ? ` on ${formatDate(new Date(d.decided_at))}` : ''}{d.decision_remarks ? `: ${d.decision_remarks}` : ''}
      </p>
      {canDecide && status === 'PENDING' && (
        <div className="stack">
          <FloatingTextarea label="Remarks" value={remarks} error={error || undefined} maxLength={500} onChange={(e) => setRemarks(e.target.value)} />
          <div className="row">
            <Button variant="default" busy={busy} onClick={() => decide('APPROVED')}>Approve deviation</Button>
            <Button variant="outline" disabled={busy} onClick={() => decide('REJECTED')}>Reject deviation</Button>
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
    <section className="stack deviations" aria-label="Deviations">
      <h3>Name mismatches</h3>
      {!canDecide && items.some((i) => (i.deviation.status ?? 'PENDING') === 'PENDING') && (
        <MessageLine variant="warning">A name mismatch waits for the review role (branch credit manager) to approve it.</MessageLine>
      )}
      <ul className="deviation-list">
        {items.map((item) => <DeviationRow key={item.key} appId={appId} item={item} canDecide={canDecide} />)}
      </ul>
    </section>
  );
}
