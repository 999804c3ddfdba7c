// One review summary for every second-stage screen: PD1 review decides on it, the visit form shows it under
// its header, PD2 reads the PD1 figures beside its own. The application's facts and deviations, each visit's figures,
// remarks and photos (with place, accuracy and time), and the documents, previewed from the phone or the server.
import { type ReactNode, useState } from 'react';
import { CPV_REMARKS_KEY } from '../../contracts/cpv';
import { ChangeHistory } from './change-history';
import { AccessLogPanel } from './access-log-panel';
import { DeviationsPanel } from './deviations-panel';
import { DocumentPreview } from './document-preview';
import { type FactsApp, ReviewFacts } from './review-facts';
import { useAppDocuments } from './use-app-documents';
import { type PhotoFlags, usePhotoFlags } from './use-photo-flags';
import { useAppRecords } from '../db/hooks';
import { useUserDb } from '../db/user-db-context';
import { EvidenceFlags } from '../photos/evidence-flags';
import { documentGroups, type PersonRecord } from '../workflow/document-groups';
import {
  type AppDoc,
  docLabel,
  looseVisit,
  figureRows,
  type Visit,
  type VisitKind,
  VISIT_TITLES,
  visitPhotos,
  type VisitSource,
  visitsOf,
} from '../workflow/visit-evidence';
import { t } from '../i18n';

export type SummaryApp = FactsApp & VisitSource;
/** The field-evidence checks go here, one per visit: a slot, so this summary knows nothing of them. */
export type VisitExtra = (kind: VisitKind, visits: { pd1?: Visit; pd2?: Visit }) => ReactNode;

const NO_FLAGS: PhotoFlags = new Map();
const figure = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-IN'));

function VisitPhotos({
  kind,
  visit,
  docs,
  prefix,
  flags,
}: {
  kind: VisitKind;
  visit: Visit | undefined;
  docs: readonly AppDoc[];
  prefix: string;
  flags: PhotoFlags;
}) {
  const photos = visitPhotos(kind, visit, docs);
  if (photos.length === 0) return null;
  return (
    <div className="evidence-grid">
      {photos.map((p) => {
        // The photo's flags sit under it: the reviewer reads what is wrong with the picture they are looking at.
        const own = flags.get(p.fileId) ?? (p.doc?.phoneId ? flags.get(p.doc.phoneId) : undefined) ?? [];
        return (
          <div key={`${prefix}${p.field}`} className="evidence-photo" data-testid="visit-photo">
            <DocumentPreview
              label={`${prefix}${t(p.label)}`}
              place={p.place}
              doc={p.doc ?? { fileId: p.fileId, type: p.field, mime: 'image/jpeg', place: p.place }}
            />
            {own.length > 0 && <EvidenceFlags flags={own} />}
          </div>
        );
      })}
    </div>
  );
}

export function VisitEvidence({
  kind,
  app,
  docs,
  extra,
  flags = NO_FLAGS,
}: {
  kind: VisitKind;
  app: SummaryApp | undefined;
  docs: readonly AppDoc[];
  extra?: VisitExtra;
  flags?: PhotoFlags;
}) {
  const { pd1, pd2 } = visitsOf(app, kind);
  const rows = figureRows(kind, pd1, pd2);
  const remarks = (v: Visit | undefined) =>
    typeof v?.[CPV_REMARKS_KEY] === 'string' && v[CPV_REMARKS_KEY] ? String(v[CPV_REMARKS_KEY]) : '';
  // PD2 often keeps PD1's photos: each picture once.
  const pd2Own = pd2 && pd1 ? Object.fromEntries(Object.entries(pd2).filter(([k, v]) => !k.endsWith('_file') || v !== pd1[k])) : pd2;
  return (
    <section className="stack visit-evidence" aria-label={t(VISIT_TITLES[kind])}>
      <h3>{t(VISIT_TITLES[kind])}</h3>
      {!pd1 && !pd2 ? (
        <>
          <p className="muted small">{t('Not visited yet.')}</p>
          <VisitPhotos kind={kind} visit={looseVisit(kind, docs)} docs={docs} prefix="" flags={flags} />
        </>
      ) : (
        <>
          {rows.length > 0 && (
            <table className="figures">
              <thead>
                <tr>
                  <th scope="col">{t('Figure')}</th>
                  {pd1 && <th scope="col">PD1</th>}
                  {pd2 && <th scope="col">PD2</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.field}>
                    <th scope="row">{t(r.label)}</th>
                    {pd1 && <td>{figure(r.pd1)}</td>}
                    {pd2 && <td>{figure(r.pd2)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {remarks(pd1) && (
            <p className="small">
              <strong>{t('PD1 remarks:')}</strong> {remarks(pd1)}
            </p>
          )}
          {remarks(pd2) && (
            <p className="small">
              <strong>{t('PD2 remarks:')}</strong> {remarks(pd2)}
            </p>
          )}
          <VisitPhotos kind={kind} visit={pd1} docs={docs} prefix="" flags={flags} />
          <VisitPhotos kind={kind} visit={pd2Own} docs={docs} prefix="PD2 · " flags={flags} />
        </>
      )}
      {extra?.(kind, { pd1, pd2 })}
    </section>
  );
}

function DocumentRow({ doc }: { doc: AppDoc }) {
  const [open, setOpen] = useState(false);
  const label = docLabel(doc.type);
  return (
    <li>
      <button type="button" className="doc-row__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && <DocumentPreview doc={doc} label={label} />}
    </li>
  );
}

const VISIT_FILE = /^(shop|house)_|^qr_code/i;

export function ReviewSummary({
  appId,
  app,
  visitExtra,
  visits = ['business', 'residence'],
}: {
  appId: string;
  app: SummaryApp | undefined;
  visitExtra?: VisitExtra;
  visits?: readonly VisitKind[];
}) {
  const db = useUserDb();
  const docs = useAppDocuments(appId);
  const flags = usePhotoFlags(appId);
  const cos = useAppRecords(db, 'coApplicants', appId).map((r) => r.data as PersonRecord);
  const family = useAppRecords(db, 'familyMembers', appId).map((r) => r.data as PersonRecord);
  const groups = documentGroups(
    docs.filter((d) => !VISIT_FILE.test(d.type)),
    app?.name,
    cos,
    family,
  );
  return (
    <div className="stack review-summary">
      <ReviewFacts appId={appId} app={app} />
      <DeviationsPanel appId={appId} />
      <ChangeHistory appId={appId} updatedAt={(app as { updated_at?: string } | undefined)?.updated_at} />
      {visits.map((k) => (
        <VisitEvidence key={k} kind={k} app={app} docs={docs} extra={visitExtra} flags={flags} />
      ))}
      <section className="stack" aria-label={t('Documents')}>
        <h3>{t('Documents')}</h3>
        {groups.length === 0 ? (
          <p className="muted small">{t('No documents on the phone or the server yet.')}</p>
        ) : (
          groups.map((g) => (
            <section key={g.key} className="stack doc-group" aria-label={g.title}>
              <h4>{g.title}</h4>
              <ul className="doc-list">
                {g.docs.map((d) => (
                  <DocumentRow key={d.phoneId ?? d.fileId} doc={d} />
                ))}
              </ul>
            </section>
          ))
        )}
      </section>
      <AccessLogPanel appId={appId} />
    </div>
  );
}
