// One document or photo of the review summary with the specification's two messages (REQ-UI-8): 'No preview
// available' when there is nothing to show (offline and not on the phone, or a type that has no preview) and 'Error
// loading preview' when the URL is refused or the picture does not load.
import { useState } from 'react';
import { useUserDb } from '../db/user-db-context';
import { usePreviewUrl } from './use-app-documents';
import { type AppDoc, describePlace, type Place } from '../workflow/visit-evidence';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

export const PREVIEW_MSG = { none: msg('No preview available'), error: msg('Error loading preview') } as const;

function PlaceLine({ place, at }: { place: Place | null; at?: string | number }) {
  const d = describePlace(place, at);
  return (
    <span className="muted small">
      {d.place}
      {d.accuracy ? ` · ${d.accuracy}` : ''}
      {d.at ? ` · ${d.at}` : ''}
    </span>
  );
}

export function DocumentPreview({
  doc,
  label,
  place,
  showPlace = true,
}: {
  doc: AppDoc | undefined;
  label: string;
  place?: Place | null;
  showPlace?: boolean;
}) {
  const db = useUserDb();
  const state = usePreviewUrl(db, doc);
  const [broken, setBroken] = useState(false);
  const mime = doc?.mime ?? '';
  const image = mime.startsWith('image/');
  const pdf = mime === 'application/pdf';
  let body: React.ReactNode;
  if (state.kind === 'loading') body = <span className="muted small">{t('Loading preview...')}</span>;
  else if (state.kind === 'error' || broken)
    body = (
      <span className="evidence__msg" role="status">
        {t(PREVIEW_MSG.error)}
      </span>
    );
  else if (state.kind === 'none' || (!image && !pdf)) body = <span className="evidence__msg">{t(PREVIEW_MSG.none)}</span>;
  else if (image) body = <img className="evidence__img" src={state.url} alt={label} loading="lazy" onError={() => setBroken(true)} />;
  else
    body = (
      <a href={state.url} target="_blank" rel="noopener noreferrer" aria-label={t('Open {document}', { document: label })}>
        {t('Open PDF')}
      </a>
    );
  return (
    <figure className="evidence" aria-label={label}>
      {body}
      <figcaption>
        <strong className="small">{label}</strong>
        {showPlace && <PlaceLine place={place ?? doc?.place ?? null} at={doc?.at} />}
      </figcaption>
    </figure>
  );
}
