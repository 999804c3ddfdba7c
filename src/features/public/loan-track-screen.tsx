// /apply-loan/track (visitors) and /application/track (staff): an application's progress by its External Loan Id
// (REQ-PUB-2: 'Invalid external loan id', else the server's message), with the steps as a timeline.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { ExternalLoanId, LoanTrackForm as TrackForm, type TrackData } from '../../../contracts/tracking';
import { ApiFailure } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { lastTrackerId } from './guest-session';
import { OFFLINE_FAILURE } from './track-failure';
import { LOAN_TRACK_SEARCH, useRouteSearch } from '../../forms/route-search';
import { trackLoan } from '../../api/public/track-loan';
import { useOneFieldForm } from '../../forms/one-field-form';
import { t } from '../../i18n';

type Result = { kind: 'found'; message: string; data: TrackData } | { kind: 'failed'; message: string };

export function StatusTimeline({ data }: { data: TrackData }) {
  return (
    <ol className="timeline" aria-label={t('Application timeline')}>
      {data.timeline.map((step, i) => (
        <li key={`${step.stage}-${step.at}`} className={i === data.timeline.length - 1 ? 'current' : undefined}>
          <span className="timeline-label">{t(step.label)}</span>
          <span className="muted small">
            <time dateTime={step.at}>{formatDateTime(Date.parse(step.at))}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}

async function fetchTrack(id: string): Promise<Result> {
  try {
    const res = await trackLoan(id);
    return { kind: 'found', message: res.message ?? '', data: res.data };
  } catch (err) {
    return { kind: 'failed', message: err instanceof ApiFailure && err.status !== 0 ? err.message : OFFLINE_FAILURE };
  }
}

export function LoanTrackScreen() {
  const search = useRouteSearch(LOAN_TRACK_SEARCH);
  const navigate = useNavigate();
  const online = useOnline();
  // One field without react-hook-form: this page's first download stays within 120 KB.
  const form = useOneFieldForm(TrackForm, 'tracker_id', search.tracker_id ?? lastTrackerId() ?? '');
  const [result, setResult] = useState<Result | null>(null);

  // The id is in the address (?tracker_id=) so the page can be bookmarked or shared (it names no one): a change tracks.
  useEffect(() => {
    const id = search.tracker_id;
    if (!id || !v.is(ExternalLoanId, id)) return;
    let live = true;
    setResult(null);
    void fetchTrack(id.trim().toUpperCase()).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [search.tracker_id]);
  // A new attempt clears the last answer: a new error never stands beside an old result.
  const onSubmit = form.handleSubmit(
    async (values: TrackForm) => {
      setResult(null);
      if (values.tracker_id === search.tracker_id) setResult(await fetchTrack(values.tracker_id));
      else await navigate({ to: '.', search: { tracker_id: values.tracker_id }, replace: true });
    },
    () => setResult(null),
  );

  const { error, isSubmitting } = form;
  return (
    <main className="page">
      <h1 className="page-title">{t('Track your loan')}</h1>
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('Loan tracking')}>
        <FloatingInput
          label={t('External Loan Id')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          error={error && t(error)}
          {...form.field}
        />
        <p className="muted small">{t('It starts with FLO and is shown when you submit your application, e.g. FLO3F9A0C12BE.')}</p>
        <Button
          type="submit"
          size="lg"
          busy={isSubmitting}
          busyText={t('Tracking...')}
          disabled={!online}
          reason={t('You are offline. Tracking needs a network.')}
        >
          {t('Track')}
        </Button>
      </form>
      <div aria-live="polite">
        {result?.kind === 'failed' && <MessageLine variant="error">{t(result.message)}</MessageLine>}
        {result?.kind === 'found' && (
          <section className="stack track-result" aria-label={t('Application status')}>
            <MessageLine variant={result.data.status === 'REJECTED' ? 'warning' : 'success'}>{t(result.message)}</MessageLine>
            <p className="muted small">
              {t('External Loan Id {id} · mobile {phone}', { id: result.data.tracker_id, phone: result.data.phone })}
            </p>
            <StatusTimeline data={result.data} />
          </section>
        )}
      </div>
    </main>
  );
}
