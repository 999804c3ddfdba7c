// A submitted step shown read-only (REQ-BORR-6: fields are read-only once an existing application is loaded; the
// review role loads existing data read-only): what the server holds, and where the officer goes next.
import { Link } from '@tanstack/react-router';
import { Figures } from '../components/ui/figures';
import { MessageLine } from '../components/ui/message-line';
import { t } from '../i18n';
import type { RoutePath } from '../lib/route-path';

export type SummaryRow = readonly [label: string, value: unknown];

export function StepSummary({ rows, next, appId, note }: { rows: readonly SummaryRow[]; next: RoutePath; appId: string; note: string }) {
  const shown = rows.filter(([, v]) => v !== undefined && v !== null && v !== '');
  return (
    <div className="stack">
      <MessageLine variant="success">{note}</MessageLine>
      <dl className="details" aria-label={t('Submitted details')}>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              <Figures text={typeof value === 'string' ? t(value) : String(value)} />
            </dd>
          </div>
        ))}
      </dl>
      <Link to={next} search={{ id: appId }} className="ui-btn ui-btn--default ui-btn--size-lg">
        {t('Continue')}
      </Link>
    </div>
  );
}

/** Account numbers are shown with their last 4 digits only. */
export const maskAccount = (n: unknown) => (typeof n === 'string' && n.length > 4 ? `${'•'.repeat(n.length - 4)}${n.slice(-4)}` : n);
