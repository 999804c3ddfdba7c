// A visit's evidence summary: each visit photo (shop, selfies, house, PD2) with its integrity flags, for the
// screens where a reviewer decides (PD1 review, PD2). The server's flags (file rows, fetched when online and kept on
// the phone for offline reading) win; photos still on this phone show the flags the phone found itself.
// Flags inform; the reviewer decides.
import { useLiveQuery } from 'dexie-react-hooks';
import { CPV_PHOTO_FIELDS, type CpvPhotoField } from '../../contracts/cpv';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import type { ApplicationFile } from '../api/applications/get-application-files';
import { useUserDb } from '../db/user-db-context';
import { EvidenceFlags } from '../photos/evidence-flags';
import { evidenceListKey, localFlags } from '../photos/local-evidence';
import { useFreshEvidenceList } from './use-photo-flags';
import { t } from '../i18n';

type Row = { key: string; label: string; flags: IntegrityFlag[]; onPhone: boolean };

const labelOfType = (fileType: string | null) => CPV_PHOTO_FIELDS[`${(fileType ?? '').toLowerCase()}_file` as CpvPhotoField];
const isVisitField = (field: string): field is CpvPhotoField => field in CPV_PHOTO_FIELDS;

export function EvidenceSummary({ appId }: { appId: string }) {
  const db = useUserDb();
  useFreshEvidenceList(appId);
  const rows = useLiveQuery(async (): Promise<Row[]> => {
    if (!db) return [];
    const server = ((await db.lists.get(evidenceListKey(appId)))?.value as ApplicationFile[] | undefined) ?? [];
    const out: Row[] = server
      .filter((f) => labelOfType(f.file_type))
      .map((f) => ({ key: f.file_id, label: labelOfType(f.file_type)!, flags: f.integrity_flags, onPhone: false }));
    const sent = new Set(server.map((f) => f.file_id));
    for (const file of await db.files.where('appId').equals(appId).toArray()) {
      if (!file.evidence || !isVisitField(file.field) || (file.serverFileId && sent.has(file.serverFileId))) continue;
      out.push({ key: file.id, label: CPV_PHOTO_FIELDS[file.field], flags: await localFlags(db, file), onPhone: true });
    }
    return out;
  }, [db, appId]);
  return (
    <section className="evidence-summary stack" aria-label={t('Field evidence')}>
      <h3>{t('Field evidence')}</h3>
      {!rows?.length ? (
        <p className="muted">{t('No visit photos yet.')}</p>
      ) : (
        <ul className="evidence-rows">
          {rows.map((r) => (
            <li key={r.key} data-testid="evidence-row">
              <strong>{t(r.label)}</strong>
              {r.onPhone ? ` (${t('on this phone, not sent yet')})` : ''}
              <EvidenceFlags flags={r.flags} />
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">{t('Flags inform; the reviewer decides.')}</p>
    </section>
  );
}
