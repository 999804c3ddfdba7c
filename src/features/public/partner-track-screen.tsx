// /join-us/track: a partner's requests by mobile (REQ-PUB-4: the tracker id is the
// mobile, the answer a message), or one request by the id shown on success. After each look the button waits the
// tracker's 30 s default before asking again.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { PartnerTrackForm as TrackForm, type PartnerTrackResponse } from '../../../contracts/partner';
import { RESEND_COUNTDOWN_S } from '../../../contracts/patterns';
import { ApiFailure } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FloatingInput } from '../../components/ui/floating-input';
import { MessageLine } from '../../components/ui/message-line';
import { formatDateTime } from '../../lib/format';
import { useCountdown } from '../../lib/use-countdown';
import { useOnline } from '../../lib/use-online';
import { OFFLINE_FAILURE } from './track-failure';
import { PARTNER_TRACK_SEARCH, useRouteSearch } from '../../forms/route-search';
import { trackPartner } from '../../api/public/join-us';
import { useOneFieldForm } from '../../forms/one-field-form';
import { msg } from '../../../contracts/msg';
import { t } from '../../i18n';

type Answer = v.InferOutput<typeof PartnerTrackResponse>;
type Result = { kind: 'found'; answer: Answer } | { kind: 'failed'; message: string };

const STATUS_TEXT = {
  SUBMITTED: msg('Submitted'),
  UNDER_REVIEW: msg('Under review'),
  APPROVED: msg('Approved'),
  REJECTED: msg('Not approved'),
} as const;

async function fetchPartnerTrack(mobile: string): Promise<Result> {
  try {
    return { kind: 'found', answer: await trackPartner(mobile) };
  } catch (err) {
    return { kind: 'failed', message: err instanceof ApiFailure && err.status !== 0 ? err.message : OFFLINE_FAILURE };
  }
}

export function PartnerTrackScreen() {
  const search = useRouteSearch(PARTNER_TRACK_SEARCH);
  const online = useOnline();
  // One field without react-hook-form: this page's first download stays within 120 KB.
  const form = useOneFieldForm(TrackForm, 'mobile', search.mobile ?? '');
  const [result, setResult] = useState<Result | null>(null);
  const [wait, startWait] = useCountdown();

  // The request id (or a mobile) is in the address (?mobile=) only when the registration page links here; a change tracks.
  useEffect(() => {
    const asked = v.safeParse(TrackForm, { mobile: search.mobile ?? '' });
    if (!search.mobile || !asked.success) return;
    let live = true;
    void fetchPartnerTrack(asked.output.mobile).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [search.mobile]);
  // A new attempt clears the last answer.
  const onSubmit = form.handleSubmit(
    async (values) => {
      setResult(null);
      startWait(RESEND_COUNTDOWN_S);
      setResult(await fetchPartnerTrack(values.mobile));
    },
    () => setResult(null),
  );

  const { error, isSubmitting } = form;
  return (
    <main className="page">
      <h1 className="page-title">{t('Track partner request')}</h1>
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('Partner request tracking')}>
        <FloatingInput
          label={t('Mobile number or request id')}
          autoCapitalize="characters"
          maxLength={13}
          autoComplete="off"
          aria-describedby="partner-track-hint"
          error={error && t(error)}
          {...form.field}
        />
        <p id="partner-track-hint" className="muted small">
          {t('Your 10-digit mobile number, or the request id you were given when you registered (it starts with PTR).')}
        </p>
        <Button
          type="submit"
          size="lg"
          busy={isSubmitting}
          busyText={t('Tracking...')}
          disabled={!online || wait > 0}
          reason={online ? null : t('You are offline. Tracking needs a network.')}
        >
          {wait > 0 ? t('Track again in {seconds}s', { seconds: wait }) : t('Track')}
        </Button>
      </form>
      <div aria-live="polite">
        {result?.kind === 'failed' && <MessageLine variant="error">{t(result.message)}</MessageLine>}
        {result?.kind === 'found' && (
          <section className="stack track-result" aria-label={t('Partner requests')}>
            <MessageLine variant="success">{result.answer.message ? t(result.answer.message) : ''}</MessageLine>
            <ol className="timeline">
              {result.answer.data.requests.map((r) => (
                <li key={r.tracker_id}>
                  <span className="timeline-label">
                    {r.tracker_id}: {t(STATUS_TEXT[r.status])}
                  </span>
                  <span className="muted small">
                    {t('Sent {sent} · updated {updated}', {
                      sent: formatDateTime(Date.parse(r.created_at)),
                      updated: formatDateTime(Date.parse(r.updated_at)),
                    })}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </main>
  );
}
