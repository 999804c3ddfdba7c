import { describe, expect, it } from 'vitest';
import { GPS_MARKER, jpegBytes, pdfBytes, pngBytes } from '../test-helpers';
import { detectType } from './detect-type';
import { jpegDimensions, pngDimensions } from './image-dimensions';
import { stripJpegMetadata } from './strip-metadata';
import { checkFileUrl, signFileUrl } from './file-url-signer';

describe('detectType', () => {
  it.each([
    [jpegBytes(), 'image/jpeg'],
    [pngBytes(1, 1), 'image/png'],
    [pdfBytes(), 'application/pdf'],
    [new TextEncoder().encode('GIF89a'), null],
    [new TextEncoder().encode('<svg xmlns=...>'), null],
    [new Uint8Array([0xff, 0xd8]), null],
  ])('%#', (bytes, mime) => {
    expect(detectType(bytes)?.mime ?? null).toBe(mime);
  });
});

describe('dimensions', () => {
  it('reads PNG IHDR and JPEG SOF past other segments', () => {
    expect(pngDimensions(pngBytes(1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(jpegDimensions(jpegBytes(1600, 1200))).toEqual({ width: 1600, height: 1200 });
    expect(jpegDimensions(jpegBytes(33, 44, false))).toEqual({ width: 33, height: 44 });
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
  });
});

describe('stripJpegMetadata', () => {
  it('removes the APP1 segment and keeps JFIF, frame and scan', () => {
    const withExif = jpegBytes(10, 10, true);
    const without = jpegBytes(10, 10, false);
    const stripped = stripJpegMetadata(withExif);
    expect(stripped).toEqual(without);
    expect(Buffer.from(stripped).toString('latin1')).not.toContain(GPS_MARKER);
    expect(stripJpegMetadata(without)).toEqual(without);
  });
});

describe('file URL signature', () => {
  it('is bound to tenant, file and expiry', () => {
    const now = Date.UTC(2025, 0, 1);
    const url = signFileUrl('s3cret', 'sahayog', 'f'.repeat(32), now, 300);
    const q = new URL(url, 'http://x').searchParams;
    const [exp, sig] = [q.get('exp') ?? '', q.get('sig') ?? ''];
    expect(checkFileUrl('s3cret', 'sahayog', 'f'.repeat(32), exp, sig, now)).toBe('ok');
    expect(checkFileUrl('s3cret', 'udaan', 'f'.repeat(32), exp, sig, now)).toBe('bad');
    expect(checkFileUrl('s3cret', 'sahayog', 'e'.repeat(32), exp, sig, now)).toBe('bad');
    expect(checkFileUrl('other', 'sahayog', 'f'.repeat(32), exp, sig, now)).toBe('bad');
    expect(checkFileUrl('s3cret', 'sahayog', 'f'.repeat(32), String(Number(exp) + 1), sig, now)).toBe('bad');
    expect(checkFileUrl('s3cret', 'sahayog', 'f'.repeat(32), exp, sig, now + 301_000)).toBe('expired');
  });
});
