import { describe, expect, it, vi } from 'vitest';
import { preparePhoto } from './prepare-photo';

describe('preparing a picked file', () => {
  it('keeps a PDF as it is, without resizing and without a location', async () => {
    const resize = vi.fn(async (b: Blob) => b);
    const geoTag = vi.fn(async () => ({ latitude: 1, longitude: 2, accuracy: 3, source: 'device' as const }));
    const pdf = new File(['%PDF-1.4 statement'], 'pan.pdf', { type: 'application/pdf' });
    const out = await preparePhoto(pdf, 'picked', { resize, geoTag });
    expect(out).toMatchObject({ name: 'pan.pdf', mime: 'application/pdf', size: pdf.size, geoTag: { latitude: 0, longitude: 0, source: 'none' } });
    expect(out.blob).toBe(pdf);
    expect(resize).not.toHaveBeenCalled();
    expect(geoTag).not.toHaveBeenCalled();
  });

  it('resizes an image and geotags it from the original', async () => {
    const small = new Blob(['small'], { type: 'image/jpeg' });
    const resize = vi.fn(async () => small);
    const tag = { latitude: 18.52, longitude: 73.85, accuracy: 9, source: 'device' as const };
    const geoTag = vi.fn(async () => tag);
    const photo = new File(['x'.repeat(100)], 'shop.png', { type: 'image/png' });
    const out = await preparePhoto(photo, 'captured', { resize, geoTag });
    expect(geoTag).toHaveBeenCalledWith(photo, 'captured');
    expect(out).toMatchObject({ blob: small, mime: 'image/jpeg', size: small.size, geoTag: tag });
  });

  it('gives a visit photo the live fix it waited for and its evidence: hash, EXIF time and place, the reason', async () => {
    const fix = { latitude: 18.52, longitude: 73.85, accuracy: 140, captured_at: '2026-11-24T10:00:05.000Z', source: 'device' as const };
    const geoTag = vi.fn(async () => ({ latitude: 1, longitude: 2, source: 'exif' as const }));
    const exif = vi.fn(async () => ({ exif_taken_at: '2026-10-01T08:00:00.000Z', exif_geo: { latitude: 19, longitude: 72.8 } }));
    const photo = new File(['x'.repeat(100)], 'shop.jpg', { type: 'image/jpeg' });
    const out = await preparePhoto(photo, 'picked', { resize: async (b) => ({ blob: b, hash: '0123456789abcdef' }), geoTag, exif },
      { fix, takenAt: '2026-11-24T10:00:00.000Z', reason: 'Inside a market hall' });
    expect(geoTag).not.toHaveBeenCalled();
    expect(out.geoTag).toBe(fix);
    expect(out.evidence).toEqual({
      capture: 'picked', taken_at: '2026-11-24T10:00:00.000Z', photo_hash: '0123456789abcdef',
      exif_taken_at: '2026-10-01T08:00:00.000Z', exif_geo: { latitude: 19, longitude: 72.8 }, accuracy_reason: 'Inside a market hall',
    });
  });
});
