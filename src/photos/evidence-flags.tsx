// A photo's integrity flags as a reviewer reads them (contracts/photo-integrity.ts FLAG_TEXT).
import { FLAG_TEXT, type IntegrityFlag } from '../../contracts/photo-integrity';
import { t } from '../i18n';

export function EvidenceFlags({ flags }: { flags: readonly IntegrityFlag[] }) {
  if (flags.length === 0)
    return (
      <span className="muted small" data-testid="evidence-clear">
        {t('No flags')}
      </span>
    );
  return (
    <ul className="evidence-flags" aria-label={t('Flags')}>
      {flags.map((f) => (
        <li key={`${f.flag}-${f.other_application_id ?? ''}`} className="evidence-flag" data-flag={f.flag}>
          {t(FLAG_TEXT[f.flag])}
          {f.detail ? ` (${t(f.detail)})` : ''}
          {f.other_application_id ? t(': application …{id}', { id: f.other_application_id.slice(-6) }) : ''}
        </li>
      ))}
    </ul>
  );
}
