// Bank statements of one bank: several PDFs (REQ-FILE-2: multiple files only here), each kept on the phone and
// uploaded through the outbox, with its own status and a remove action.
import { useId, useState } from 'react';
import { FieldError } from '../../components/ui/field-error';
import { discardLocalFile } from '../../db/files';
import type { UserDb } from '../../db/user-db';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';
import { whileBusy } from '../../lib/busy-store';
import { toast } from '../../lib/toast';
import { pickedFileRefusal } from '../../photos/check-picked-file';
import { type PreparedPhoto, preparePhoto } from '../../photos/prepare-photo';
import { bulkGroups, queuePhotos } from '../../photos/queue-photo';
import { fullPhoneText } from '../../photos/storage-full-text';
import { BEING_SENT_TEXT } from '../../photos/photo-field';
import { useLocalPhoto } from '../../photos/use-local-photo';

type Props = {
  db: UserDb | null;
  appId: string;
  phone?: string;
  field: string;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

const STATUS_TEXT = {
  NONE: msg('Waiting to upload'),
  PROGRESS: msg('Uploading'),
  SUCCESS: msg('Uploaded'),
  FAILED: msg('Upload failed'),
} as const;

function StatementRow({ db, id, onRemove }: { db: UserDb | null; id: string; onRemove: () => void }) {
  const file = useLocalPhoto(db, id);
  return (
    <li className="statement-row">
      <span className="statement-row__name">{file.file?.name ?? t('Statement')}</span>
      <span className={`small ${file.status === 'FAILED' ? 'error' : file.status === 'SUCCESS' ? 'success' : 'muted'}`}>
        {file.status === 'FAILED' && file.reason ? file.reason : t(STATUS_TEXT[file.status])}
      </span>
      <button
        type="button"
        className="btn-link"
        onClick={onRemove}
        aria-label={t('Remove {name}', { name: file.file?.name ?? t('statement') })}
      >
        {t('Remove')}
      </button>
    </li>
  );
}

export function StatementFilesField({ db, appId, phone, field, label, value, onChange, error }: Props) {
  const inputId = useId();
  const [adding, setAdding] = useState(false);
  const [full, setFull] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!db || !files?.length) return;
    setAdding(true);
    setFull(null);
    const ids: string[] = [];
    let current = '';
    try {
      // The screen waits (the loading overlay) until every statement is saved on the phone, as a photo field does: a
      // submit clicked meanwhile would go out without them, and the 'required' message would vanish when they landed.
      await whileBusy(
        (async () => {
          const picked: { name: string; size: number; prepared: PreparedPhoto }[] = [];
          for (const f of Array.from(files)) {
            if (f.type !== 'application/pdf') {
              toast.error(t('Bank statements must be PDF files'));
              continue;
            }
            const refusal = await pickedFileRefusal(f);
            if (refusal) {
              toast.error(`${f.name}: ${refusal}`);
              continue;
            }
            const prepared = await preparePhoto(f, 'picked');
            picked.push({ name: f.name, size: prepared.size, prepared });
          }
          // Statements picked together go up in one request (the bulk upload); a large one alone, in chunks.
          for (const group of bulkGroups(picked)) {
            const names = group.map((p) => p.name).join(', ');
            current = t('{count, plural, one {statement {names}} other {statements {names}}}', { count: group.length, names });
            const target = { appId, field, fileType: 'BANK_STATEMENT', uploadType: 'APPLY_LOAN', phone, label: `${label}: ${names}` };
            ids.push(
              ...(await queuePhotos(
                db,
                target,
                group.map((p) => p.prepared),
              )),
            );
          }
        })(),
      );
    } catch (err) {
      // The statements saved before the one that did not fit stay (finally); the field says what to do.
      const text = fullPhoneText(err, current);
      if (!text) throw err;
      setFull(text);
    } finally {
      setAdding(false);
      if (ids.length) onChange([...value, ...ids]);
    }
  };
  const remove = async (id: string) => {
    if (!db) return;
    if (await discardLocalFile(db, id)) onChange(value.filter((x) => x !== id));
    else toast.info(BEING_SENT_TEXT);
  };
  return (
    <div className={`ui-file${error ? ' ui-file--error' : ''}`}>
      <label htmlFor={inputId} className="ui-file__label">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="statement-list">
          {value.map((id) => (
            <StatementRow key={id} db={db} id={id} onRemove={() => void remove(id)} />
          ))}
        </ul>
      )}
      <input
        id={inputId}
        type="file"
        className="ui-file__native"
        accept="application/pdf"
        multiple
        disabled={!db || adding}
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
      />
      <FieldError id={`${inputId}-error`} error={full ?? error} />
    </div>
  );
}
