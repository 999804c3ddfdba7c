// Field-evidence checks on visit photos: what the phone says about how a photo was taken, the flags a
// photo can carry, and the pure rules that set them. The phone runs them at capture (to warn), the server again on
// upload (to record them on the file row, `integrity_flags`). Flags inform; a reviewer decides.
import * as v from 'valibot';
import type { GeoTag } from './files';
import { PHOTO_HASH_PATTERN } from './photo-hash';
import { msg } from './msg';

export const INTEGRITY_FLAGS = [
  'NO_LOCATION',
  'LOW_ACCURACY',
  'MOCK_SUSPECTED',
  'NOT_LIVE_CAPTURE',
  'TIME_MISMATCH',
  'FAR_FROM_LIVE_FIX',
  'FAR_FROM_OTHER_PHOTOS',
  'FAR_FROM_ADDRESS',
  'DUPLICATE_PHOTO',
  'NO_EVIDENCE',
] as const;
export type IntegrityFlagName = (typeof INTEGRITY_FLAGS)[number];

/** What a reviewer reads beside a flagged photo. */
export const FLAG_TEXT: Record<IntegrityFlagName, string> = {
  NO_LOCATION: msg('No location was recorded'),
  LOW_ACCURACY: msg('Location accuracy worse than the limit'),
  MOCK_SUSPECTED: msg('Location looks simulated'),
  NOT_LIVE_CAPTURE: msg('Picked from the phone, not taken with the camera'),
  TIME_MISMATCH: msg(`Photo's own time is far from the visit`),
  FAR_FROM_LIVE_FIX: msg(`Photo's own location is far from the phone's`),
  FAR_FROM_OTHER_PHOTOS: msg(`Far from the visit's other photos`),
  FAR_FROM_ADDRESS: msg(`Far from the declared address's pincode`),
  DUPLICATE_PHOTO: msg('Same photo as in another application'),
  NO_EVIDENCE: msg('Sent without the record of how it was taken'),
};

export const IntegrityFlag = v.object({
  flag: v.picklist(INTEGRITY_FLAGS),
  /** Short fact behind the flag: "±120 m", "3.2 km", a reason the officer gave. */
  detail: v.optional(v.string()),
  other_application_id: v.optional(v.string()),
});
export type IntegrityFlag = v.InferOutput<typeof IntegrityFlag>;

/**
 * Thresholds, documented in docs/decisions.md "Field evidence a lender can trust". The accuracy limit is per tenant
 * (this is its default).
 */
export const EVIDENCE_LIMITS = {
  defaultAccuracyM: 50,
  /** A fix this much older than the photo was not taken for it (the phone allows 60 s cached fixes). */
  staleFixMs: 2 * 60_000,
  /** Two photos this far apart in time with the very same coordinates: a real receiver never repeats to 1e-7°. */
  identicalCoordsGapMs: 2 * 60_000,
  exifTimeToleranceMs: 30 * 60_000,
  exifFarFromLiveM: 500,
  photosApartM: 300,
  addressRadiusM: 15_000,
} as const;

const Coords = v.object({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
});
const Iso = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), msg('Invalid time')),
);

/** Sent as JSON text `evidence` beside a visit photo (multipart field or chunked-upload create body). */
export const PhotoEvidence = v.object({
  capture: v.picklist(['camera', 'picked']),
  /** When the officer took or picked the photo (the phone's clock). */
  taken_at: Iso,
  photo_hash: v.optional(v.pipe(v.string(), v.regex(PHOTO_HASH_PATTERN))),
  exif_taken_at: v.optional(Iso),
  exif_geo: v.optional(Coords),
  accuracy_reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
});
export type PhotoEvidence = v.InferOutput<typeof PhotoEvidence>;

/** Great-circle distance in metres. */
export function distanceM(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hasLocation = (g: GeoTag) => g.source !== 'none' && !(g.latitude === 0 && g.longitude === 0);
const metres = (m: number) => (m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`);

/** Rules about one photo alone: location quality, live capture, its own time and place. */
export function photoFlags(geo: GeoTag, ev: PhotoEvidence, accuracyLimitM: number = EVIDENCE_LIMITS.defaultAccuracyM): IntegrityFlag[] {
  const out: IntegrityFlag[] = [];
  const taken = Date.parse(ev.taken_at);
  if (!hasLocation(geo)) out.push({ flag: 'NO_LOCATION' });
  else {
    if (geo.accuracy === undefined || geo.accuracy > accuracyLimitM) {
      out.push({
        flag: 'LOW_ACCURACY',
        detail: [geo.accuracy === undefined ? msg('accuracy unknown') : `±${Math.round(geo.accuracy)} m`, ev.accuracy_reason]
          .filter(Boolean)
          .join(': '),
      });
    }
    const fixAt = geo.captured_at ? Date.parse(geo.captured_at) : Number.NaN;
    if (geo.source === 'device' && geo.accuracy === 0) out.push({ flag: 'MOCK_SUSPECTED', detail: msg('accuracy 0') });
    else if (geo.source === 'device' && taken - fixAt > EVIDENCE_LIMITS.staleFixMs)
      out.push({ flag: 'MOCK_SUSPECTED', detail: msg('fix older than the photo') });
    if (ev.exif_geo && geo.source === 'device') {
      const d = distanceM(geo, ev.exif_geo);
      if (d > EVIDENCE_LIMITS.exifFarFromLiveM) out.push({ flag: 'FAR_FROM_LIVE_FIX', detail: metres(d) });
    }
  }
  if (ev.capture !== 'camera') out.push({ flag: 'NOT_LIVE_CAPTURE' });
  if (ev.exif_taken_at && Math.abs(Date.parse(ev.exif_taken_at) - taken) > EVIDENCE_LIMITS.exifTimeToleranceMs) {
    out.push({ flag: 'TIME_MISMATCH', detail: `${Math.round(Math.abs(Date.parse(ev.exif_taken_at) - taken) / 60_000)} min` });
  }
  return out;
}

export type VisitPhoto = { geo: GeoTag; taken_at: string };

/** Rules about a photo among the other photos of the same visit (application). */
export function visitFlags(photo: VisitPhoto, others: readonly VisitPhoto[]): IntegrityFlag[] {
  if (!hasLocation(photo.geo)) return [];
  const out: IntegrityFlag[] = [];
  const located = others.filter((o) => hasLocation(o.geo));
  const at = Date.parse(photo.taken_at);
  const twin = located.some(
    (o) =>
      o.geo.latitude === photo.geo.latitude &&
      o.geo.longitude === photo.geo.longitude &&
      Math.abs(Date.parse(o.taken_at) - at) >= EVIDENCE_LIMITS.identicalCoordsGapMs,
  );
  if (twin) out.push({ flag: 'MOCK_SUSPECTED', detail: msg('same coordinates minutes apart') });
  const farthest = Math.max(0, ...located.map((o) => distanceM(photo.geo, o.geo)));
  if (farthest > EVIDENCE_LIMITS.photosApartM) out.push({ flag: 'FAR_FROM_OTHER_PHOTOS', detail: metres(farthest) });
  return out;
}

/** The declared address's pincode centre, when the lender's pincode data has one. */
export function addressFlags(geo: GeoTag, centre: { latitude: number; longitude: number } | null): IntegrityFlag[] {
  if (!centre || !hasLocation(geo)) return [];
  const d = distanceM(geo, centre);
  return d > EVIDENCE_LIMITS.addressRadiusM ? [{ flag: 'FAR_FROM_ADDRESS', detail: metres(d) }] : [];
}

/** One flag per name, the first one kept (a photo is suspicious of mocking once, whatever the reasons). */
export const uniqueFlags = (flags: readonly IntegrityFlag[]) =>
  flags.filter((f, i) => flags.findIndex((g) => g.flag === f.flag && g.other_application_id === f.other_application_id) === i);
