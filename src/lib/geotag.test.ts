import { describe, expect, it } from 'vitest';
import { resolveGeoTag } from './geotag';

// The phone's own position source: here a fixed one, as a browser would report the officer standing in Pune.
const phoneAt = (latitude: number, longitude: number): Geolocation =>
  ({
    getCurrentPosition: (ok: PositionCallback) =>
      ok({ coords: { latitude, longitude, accuracy: 8 }, timestamp: Date.now() } as GeolocationPosition),
  }) as unknown as Geolocation;

// A PNG with no EXIF block: no GPS in the picture.
const pngWithoutGps = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });

describe('resolveGeoTag', () => {
  it('tags a picked picture without GPS 0, 0, never with where the phone is now', async () => {
    const tag = await resolveGeoTag(pngWithoutGps, 'picked', phoneAt(18.52, 73.85));
    expect([tag.latitude, tag.longitude]).toEqual([0, 0]);
    expect(tag.source).toBe('none');
  });

  it('tags a camera capture with the phone position at capture time', async () => {
    const tag = await resolveGeoTag(pngWithoutGps, 'captured', phoneAt(18.52, 73.85));
    expect([tag.latitude, tag.longitude, tag.source]).toEqual([18.52, 73.85, 'device']);
  });
});
