// A visit already recorded, for the roles that see it read-only until they choose to edit it (REQ-CPV-3).
import { CPV_NUMBER_FIELDS, CPV_PHOTO_FIELDS, CPV_REMARKS_KEY } from '../../../contracts/cpv';
import { labelOf, VERIFICATION_TYPES } from '../../../contracts/enums';
import { Button } from '../../components/ui/button';
import { type SummaryRow, StepSummary } from '../../forms/step-summary';
import { t } from '../../i18n';
import type { RoutePath } from '../../lib/route-path';
import { VisitHeader } from './visit-header';
import type { AppData, Visit } from './visit-values';

export function RecordedVisit({
  appId,
  app,
  type,
  stored,
  next,
  onEdit,
}: {
  appId: string;
  app: AppData | undefined;
  type: string;
  stored: Visit;
  next: RoutePath;
  onEdit: () => void;
}) {
  const labels: Record<string, string> = { ...CPV_NUMBER_FIELDS };
  const rows: SummaryRow[] = [
    [t('Verification type'), t(labelOf(VERIFICATION_TYPES, type))],
    [t('Photos'), t('{count} stored', { count: Object.keys(CPV_PHOTO_FIELDS).filter((f) => stored[f]).length })],
    ...Object.keys(labels)
      .filter((k) => typeof stored[k] === 'number' && stored[k] !== 0)
      .map((k) => [t(labels[k]!), stored[k]] as const),
    [t('Remarks'), stored[CPV_REMARKS_KEY]],
  ];
  return (
    <section className="stack" aria-label={t('CPV info (recorded)')}>
      <VisitHeader appId={appId} app={app} business={type !== 'RESIDENCE_VERIFICATION'} />
      <StepSummary rows={rows} next={next} appId={appId} note={t('This visit is recorded. Edit it to change what was recorded.')} />
      <Button variant="outline" size="lg" onClick={onEdit}>
        {t('Edit')}
      </Button>
    </section>
  );
}
