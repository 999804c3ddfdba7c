// A visit photo waits for a location fix at least as accurate as the lender's limit, showing the accuracy
// as it shrinks; the officer may instead use the best fix so far (or none) by giving a reason, which travels with
// the photo and shows beside its LOW_ACCURACY flag.
import { useEffect, useRef, useState } from 'react';
import type { GeoTag } from '../../contracts/files';
import { NO_GEOTAG } from '../../contracts/files';
import { Button } from '../components/ui/button';
import { FloatingInput } from '../components/ui/floating-input';
import { msg } from '../../contracts/msg';
import { MessageLine } from '../components/ui/message-line';
import { t } from '../i18n';

export const LOCATION_WAIT_MSG = {
  finding: msg('Finding your location…'),
  unavailable: msg('Location is not available on this phone.'),
  reason: msg('Give a reason to use a less accurate location'),
} as const;

const toTag = (pos: GeolocationPosition): GeoTag => ({
  latitude: pos.coords.latitude,
  longitude: pos.coords.longitude,
  accuracy: pos.coords.accuracy,
  captured_at: new Date(pos.timestamp || Date.now()).toISOString(),
  source: 'device',
});

/** The most accurate fix seen since `active` became true (null before the first), and whether the phone refused. */
export function useBestFix(active: boolean, geo: Geolocation | undefined = globalThis.navigator?.geolocation) {
  const [best, setBest] = useState<GeoTag | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setBest(null);
    setFailed(!geo);
    if (!active || !geo) return;
    const id = geo.watchPosition(
      (pos) => setBest((prev) => (!prev || pos.coords.accuracy <= (prev.accuracy ?? Infinity) ? toTag(pos) : prev)),
      () => setFailed(true),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    return () => geo.clearWatch(id);
  }, [active, geo]);
  return { best, failed };
}

type Props = { limitM: number; onAccept: (fix: GeoTag, reason?: string) => void; onCancel: () => void };

export function LocationWait({ limitM, onAccept, onCancel }: Props) {
  const { best, failed } = useBestFix(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const goodEnough = best !== null && best.accuracy !== undefined && best.accuracy <= limitM;
  // Once only: a later fix or a new onAccept must not save the photo twice.
  const accepted = useRef(false);
  const accept = (fix: GeoTag, why?: string) => {
    if (accepted.current) return;
    accepted.current = true;
    onAccept(fix, why);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: accept is guarded to fire once
  useEffect(() => {
    if (goodEnough && best) accept(best);
  }, [goodEnough, best]);
  const acceptWorse = () => {
    if (!reason.trim()) return setError(t(LOCATION_WAIT_MSG.reason));
    accept(best ?? { ...NO_GEOTAG }, reason.trim());
  };
  return (
    <fieldset className="stack location-wait" aria-label={t('Location for this photo')}>
      <p role="status" aria-live="polite">
        {best ? (
          <>
            {t('Location accuracy')} <strong data-testid="accuracy-figure">±{Math.round(best.accuracy ?? 0)} m</strong>
            {t('; waiting for ±{limit} m or better.', { limit: limitM })}
          </>
        ) : failed ? (
          t(LOCATION_WAIT_MSG.unavailable)
        ) : (
          t(LOCATION_WAIT_MSG.finding)
        )}
      </p>
      {failed && !best && (
        <MessageLine variant="warning">{t('The photo can be kept without a location if you give a reason.')}</MessageLine>
      )}
      <FloatingInput
        label={t('Reason to use this location')}
        value={reason}
        maxLength={200}
        error={error || undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setError('');
        }}
      />
      <div className="ui-file__actions">
        <Button variant="outline" onClick={acceptWorse}>
          {best ? t('Use ±{metres} m', { metres: Math.round(best.accuracy ?? 0) }) : t('Keep without location')}
        </Button>
        <Button variant="link" size="link" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </fieldset>
  );
}
