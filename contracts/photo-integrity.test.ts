import { describe, expect, it } from 'vitest';
import type { GeoTag } from './files';
import {
  addressFlags,
  distanceM,
  type IntegrityFlagName,
  type PhotoEvidence,
  photoFlags,
  uniqueFlags,
  visitFlags,
} from './photo-integrity';

const T = '2026-11-24T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T) + minutes * 60_000).toISOString();
const fix = (over: Partial<GeoTag> = {}): GeoTag => ({
  latitude: 18.5196,
  longitude: 73.8554,
  accuracy: 12,
  captured_at: T,
  source: 'device',
  ...over,
});
const camera = (over: Partial<PhotoEvidence> = {}): PhotoEvidence => ({ capture: 'camera', taken_at: T, ...over });
const names = (flags: { flag: IntegrityFlagName }[]) => flags.map((f) => f.flag);

describe('photoFlags: one photo alone', () => {
  const cases: [string, GeoTag, PhotoEvidence, number | undefined, IntegrityFlagName[]][] = [
    ['a good camera photo', fix(), camera(), undefined, []],
    ['no location', { latitude: 0, longitude: 0, source: 'none' }, camera(), undefined, ['NO_LOCATION']],
    ['accuracy 51 m over the default 50', fix({ accuracy: 51 }), camera(), undefined, ['LOW_ACCURACY']],
    ['accuracy exactly 50 m', fix({ accuracy: 50 }), camera(), undefined, []],
    ['accuracy 80 m under a tenant limit of 100', fix({ accuracy: 80 }), camera(), 100, []],
    ['accuracy unknown', fix({ accuracy: undefined }), camera(), undefined, ['LOW_ACCURACY']],
    ['accuracy 0 (mock provider)', fix({ accuracy: 0 }), camera(), undefined, ['MOCK_SUSPECTED']],
    ['a fix 3 minutes older than the photo', fix({ captured_at: at(-3) }), camera(), undefined, ['MOCK_SUSPECTED']],
    ['a fix 1 minute older (cached, allowed)', fix({ captured_at: at(-1) }), camera(), undefined, []],
    ['a picked file', fix(), camera({ capture: 'picked' }), undefined, ['NOT_LIVE_CAPTURE']],
    ['EXIF time 2 hours before the visit', fix(), camera({ exif_taken_at: at(-120) }), undefined, ['TIME_MISMATCH']],
    ['EXIF time 10 minutes off', fix(), camera({ exif_taken_at: at(10) }), undefined, []],
    [
      'EXIF location 2 km from the live fix',
      fix(),
      camera({ exif_geo: { latitude: 18.5376, longitude: 73.8554 } }),
      undefined,
      ['FAR_FROM_LIVE_FIX'],
    ],
    ['EXIF location 100 m from the live fix', fix(), camera({ exif_geo: { latitude: 18.5205, longitude: 73.8554 } }), undefined, []],
    [
      'an old gallery picture',
      fix(),
      camera({ capture: 'picked', exif_taken_at: at(-43_200) }),
      undefined,
      ['NOT_LIVE_CAPTURE', 'TIME_MISMATCH'],
    ],
  ];
  it.each(cases)('%s', (_name, geo, ev, limit, expected) => {
    expect(names(photoFlags(geo, ev, limit))).toEqual(expected);
  });

  it('a worse fix accepted with a reason keeps the reason beside the accuracy', () => {
    expect(photoFlags(fix({ accuracy: 140 }), camera({ accuracy_reason: 'Inside a market hall' }))).toEqual([
      { flag: 'LOW_ACCURACY', detail: '±140 m: Inside a market hall' },
    ]);
  });
});

describe("visitFlags: a photo among the visit's others", () => {
  const photo = (over: Partial<GeoTag>, minutes: number) => ({ geo: fix(over), taken_at: at(minutes) });
  const cases: [string, ReturnType<typeof photo>, ReturnType<typeof photo>[], IntegrityFlagName[]][] = [
    ['first photo of the visit', photo({}, 0), [], []],
    ['near the others, coordinates jitter', photo({ latitude: 18.51961 }, 5), [photo({}, 0)], []],
    ['identical coordinates 5 minutes apart', photo({}, 5), [photo({}, 0)], ['MOCK_SUSPECTED']],
    ['identical coordinates 30 s apart (a burst)', photo({}, 0.5), [photo({}, 0)], []],
    ['1 km from another photo', photo({ latitude: 18.5286 }, 5), [photo({}, 0)], ['FAR_FROM_OTHER_PHOTOS']],
    ['others without location are ignored', photo({}, 5), [photo({ latitude: 0, longitude: 0, source: 'none' }, 0)], []],
    ['a photo without location', photo({ latitude: 0, longitude: 0, source: 'none' }, 5), [photo({}, 0)], []],
  ];
  it.each(cases)('%s', (_name, p, others, expected) => {
    expect(names(visitFlags(p, others))).toEqual(expected);
  });
});

describe('addressFlags: against the declared pincode', () => {
  const pune = { latitude: 18.5196, longitude: 73.8554 };
  const cases: [string, GeoTag, typeof pune | null, IntegrityFlagName[]][] = [
    ['in the pincode', fix(), pune, []],
    ['14 km away', fix({ latitude: 18.5196 + 0.126 }), pune, []],
    ['in Mumbai (120 km)', fix({ latitude: 18.9388, longitude: 72.8354 }), pune, ['FAR_FROM_ADDRESS']],
    ['a pincode without coordinates', fix({ latitude: 28.6 }), null, []],
    ['no location', { latitude: 0, longitude: 0, source: 'none' }, pune, []],
  ];
  it.each(cases)('%s', (_name, geo, centre, expected) => {
    expect(names(addressFlags(geo, centre))).toEqual(expected);
  });
});

it('distanceM: Pune to Mumbai is about 117 km', () => {
  expect(distanceM({ latitude: 18.5196, longitude: 73.8554 }, { latitude: 18.9388, longitude: 72.8354 }) / 1000).toBeCloseTo(117.1, 0);
});

it('uniqueFlags keeps one flag per name and other application', () => {
  expect(
    uniqueFlags([
      { flag: 'MOCK_SUSPECTED', detail: 'a' },
      { flag: 'MOCK_SUSPECTED', detail: 'b' },
      { flag: 'DUPLICATE_PHOTO', other_application_id: 'x' },
      { flag: 'DUPLICATE_PHOTO', other_application_id: 'y' },
    ]),
  ).toEqual([
    { flag: 'MOCK_SUSPECTED', detail: 'a' },
    { flag: 'DUPLICATE_PHOTO', other_application_id: 'x' },
    { flag: 'DUPLICATE_PHOTO', other_application_id: 'y' },
  ]);
});
