import { describe, expect, it } from 'vitest';
import { dHashFromRgba, hammingDistance, isSamePhoto } from './photo-hash';

/** A horizontal ramp w×h, brightest at the left when `falling`. */
function ramp(w: number, h: number, falling: boolean): Uint8ClampedArray {
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const g = Math.round(((falling ? w - 1 - x : x) / (w - 1)) * 255);
      px.set([g, g, g, 255], (y * w + x) * 4);
    }
  return px;
}

describe('dHash', () => {
  it('sets every bit where the left cell is brighter', () => {
    expect(dHashFromRgba(ramp(90, 80, true), 90, 80)).toBe('ffffffffffffffff');
    expect(dHashFromRgba(ramp(90, 80, false), 90, 80)).toBe('0000000000000000');
  });
  it('gives the same hash at another size', () => {
    expect(dHashFromRgba(ramp(900, 600, true), 900, 600)).toBe(dHashFromRgba(ramp(45, 30, true), 45, 30));
  });
  it('measures distance in differing bits', () => {
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('00000000000000f1', '0000000000000000')).toBe(5);
    expect(isSamePhoto('00000000000000ff', '0000000000000000')).toBe(true);
    expect(isSamePhoto('00000000000001ff', '0000000000000000')).toBe(false);
  });
});
