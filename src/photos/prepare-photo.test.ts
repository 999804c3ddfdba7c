import { describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES_DEFAULT } from '../../contracts/files';
import { SERVER_MSG } from '../../contracts/messages';
import { pickedFileRefusal, RefusedFile, sniffType } from './check-picked-file';
import { preparePhoto } from './prepare-photo';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const EXE_HEAD = new Uint8Array([0x4d, 0x5a, 0x90, 0x00]);

describe('preparing a picked file', () => {
  it('keeps a PDF as it is, without resizing and without a location', async () => {
    const resize = vi.fn(async (b: Blob) => b);
    const geoTag = vi.fn(async () => ({ latitude: 1, longitude: 2, accuracy: 3, source: 'device' as const }));
    const pdf = new File(['%PDF-1.4 statement'], 'pan.pdf', { type: 'application/pdf' });
    const out = await preparePhoto(pdf, 'picked', { resize, geoTag });
    expect(out).toMatchObject({
      name: 'pan.pdf',
      mime: 'application/pdf',
      size: pdf.size,
      geoTag: { latitude: 0, longitude: 0, source: 'none' },
    });
    expect(out.blob).toBe(pdf);
    expect(resize).not.toHaveBeenCalled();
    expect(geoTag).not.toHaveBeenCalled();
  });

  it('a field taking PNG or PDF only (the business proof) refuses a JPEG and keeps a PNG as PNG', async () => {
    const types = ['image/png', 'application/pdf'];
    const resize = vi.fn(async () => new Blob(['small'], { type: 'image/jpeg' }));
    const geoTag = vi.fn(async () => ({ latitude: 0, longitude: 0, source: 'none' as const }));
    const jpeg = new File([JPEG_HEAD, 'x'.repeat(100)], 'proof.jpg', { type: 'image/jpeg' });
    await expect(preparePhoto(jpeg, 'picked', { resize, geoTag }, undefined, types)).rejects.toThrow(SERVER_MSG.fileTypeNotAllowed);
    const png = new File([PNG_HEAD, 'x'.repeat(100)], 'proof.png', { type: 'image/png' });
    const out = await preparePhoto(png, 'picked', { resize, geoTag }, undefined, types);
    expect(out).toMatchObject({ blob: png, mime: 'image/png', name: 'proof.png' });
    expect(resize).not.toHaveBeenCalled();
  });

  it('resizes an image and geotags it from the original', async () => {
    const small = new Blob(['small'], { type: 'image/jpeg' });
    const resize = vi.fn(async () => small);
    const tag = { latitude: 18.52, longitude: 73.85, accuracy: 9, source: 'device' as const };
    const geoTag = vi.fn(async () => tag);
    const photo = new File([PNG_HEAD, 'x'.repeat(100)], 'shop.png', { type: 'image/png' });
    const out = await preparePhoto(photo, 'captured', { resize, geoTag });
    expect(geoTag).toHaveBeenCalledWith(photo, 'captured');
    expect(out).toMatchObject({ blob: small, mime: 'image/jpeg', size: small.size, geoTag: tag });
  });

  it('gives a visit photo the live fix it waited for and its evidence: hash, EXIF time and place, the reason', async () => {
    const fix = { latitude: 18.52, longitude: 73.85, accuracy: 140, captured_at: '2026-11-24T10:00:05.000Z', source: 'device' as const };
    const geoTag = vi.fn(async () => ({ latitude: 1, longitude: 2, source: 'exif' as const }));
    const exif = vi.fn(async () => ({ exif_taken_at: '2026-10-01T08:00:00.000Z', exif_geo: { latitude: 19, longitude: 72.8 } }));
    const photo = new File([JPEG_HEAD, 'x'.repeat(100)], 'shop.jpg', { type: 'image/jpeg' });
    const out = await preparePhoto(
      photo,
      'picked',
      { resize: async (b) => ({ blob: b, hash: '0123456789abcdef' }), geoTag, exif },
      { fix, takenAt: '2026-11-24T10:00:00.000Z', reason: 'Inside a market hall' },
    );
    expect(geoTag).not.toHaveBeenCalled();
    expect(out.geoTag).toBe(fix);
    expect(out.evidence).toEqual({
      capture: 'picked',
      taken_at: '2026-11-24T10:00:00.000Z',
      photo_hash: '0123456789abcdef',
      exif_taken_at: '2026-10-01T08:00:00.000Z',
      exif_geo: { latitude: 19, longitude: 72.8 },
      accuracy_reason: 'Inside a market hall',
    });
  });

  // Judged by the bytes and the size before anything is stored or queued.
  it.each<[string, BlobPart[], string | null]>([
    ['a JPEG', [JPEG_HEAD, 'x'], 'image/jpeg'],
    ['a PNG', [PNG_HEAD, 'x'], 'image/png'],
    ['a PDF', ['%PDF-1.7\n'], 'application/pdf'],
    ['a Windows program', [EXE_HEAD, 'x'], null],
    ['text', ['hello'], null],
    ['nothing', [], null],
  ])('sniffs %s', async (_n, parts, type) => {
    expect(sniffType(new Uint8Array(await new Blob(parts).arrayBuffer()))).toBe(type);
  });

  it('refuses an .exe renamed .jpg with the one reason, before resizing or locating it', async () => {
    const resize = vi.fn(async (b: Blob) => b);
    const geoTag = vi.fn(async () => ({ latitude: 1, longitude: 2 }));
    const exe = new File([EXE_HEAD, 'program'], 'photo.jpg', { type: 'image/jpeg' });
    const refused = preparePhoto(exe, 'picked', { resize, geoTag });
    await expect(refused).rejects.toBeInstanceOf(RefusedFile);
    await expect(refused).rejects.toThrow(SERVER_MSG.fileTypeNotAllowed);
    expect(resize).not.toHaveBeenCalled();
    expect(geoTag).not.toHaveBeenCalled();
  });

  it('refuses a PDF above the upload limit (an image is downscaled instead)', async () => {
    const big = new Blob(['%PDF-1.4\n', new Uint8Array(MAX_UPLOAD_BYTES_DEFAULT)], { type: 'application/pdf' });
    expect(await pickedFileRefusal(big)).toBe('File is too large. The maximum size is 15 MB.');
    const bigPhoto = new Blob([JPEG_HEAD, new Uint8Array(MAX_UPLOAD_BYTES_DEFAULT)], { type: 'image/jpeg' });
    expect(await pickedFileRefusal(bigPhoto)).toBeNull();
  });
});
