import { describe, expect, it } from 'vitest';
import { captureGeoTag, isMissingGeoTag, NO_GEOTAG } from './geotag';
import { APPLICATION_ID_PATTERN, newApplicationId, newUuid } from './ids';
import { fitWithin, resizeImage } from './image-resize';

describe('ids', () => {
  it('makes 32 lowercase hex application ids and v4 uuids', () => {
    const ids = new Set(Array.from({ length: 50 }, newApplicationId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(APPLICATION_ID_PATTERN);
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('fitWithin', () => {
  it.each([
    [4000, 3000, 1600, 1200],
    [1200, 4800, 400, 1600],
    [1600, 900, 1600, 900],
    [800, 600, 800, 600],
  ])('%i×%i → %i×%i', (w, h, ew, eh) => {
    expect(fitWithin(w, h)).toEqual({ width: ew, height: eh });
  });
});

describe('resizeImage', () => {
  it('keeps PDFs untouched', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    expect(await resizeImage(pdf)).toBe(pdf);
  });
});

describe('geotag', () => {
  const geo = (ok: boolean): Geolocation =>
    ({
      getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback, opts: PositionOptions) => {
        expect(opts.timeout).toBe(10_000);
        if (ok) success({ coords: { latitude: 18.52, longitude: 73.85, accuracy: 12 }, timestamp: 0 } as GeolocationPosition);
        else failure({ code: 3, message: 'timeout' } as GeolocationPositionError);
      },
    }) as unknown as Geolocation;

  it('captures position with accuracy and time', async () => {
    const tag = await captureGeoTag(geo(true));
    expect(tag).toMatchObject({ latitude: 18.52, longitude: 73.85, accuracy: 12, source: 'device' });
    expect(tag.captured_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(isMissingGeoTag(tag)).toBe(false);
  });

  it('falls back to 0,0 with the warning flag', async () => {
    const tag = await captureGeoTag(geo(false));
    expect(tag).toMatchObject({ latitude: 0, longitude: 0 });
    expect(isMissingGeoTag(tag)).toBe(true);
    expect(isMissingGeoTag(NO_GEOTAG)).toBe(true);
  });
});
