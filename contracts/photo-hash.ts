// A 64-bit difference hash (dHash) of a photo, and the distance between two: how the phone and the server tell that
// the same picture came back for another application after it was resized, re-encoded or slightly cropped.
// Threshold measured in bench/README.md "Reused-photo hash".

/** Two hashes this close (differing bits of 64) are the same picture. */
export const HASH_MATCH_MAX_DISTANCE = 8;
export const PHOTO_HASH_PATTERN = /^[0-9a-f]{16}$/;

const COLS = 9;
const ROWS = 8;

/** Grey levels of a 9×8 grid, each cell the mean of the pixels it covers (area average, so any size gives the same). */
function greyGrid(rgba: ArrayLike<number>, width: number, height: number): number[] {
  const sums = new Array<number>(COLS * ROWS).fill(0);
  const counts = new Array<number>(COLS * ROWS).fill(0);
  for (let y = 0; y < height; y++) {
    const row = Math.min(ROWS - 1, Math.floor((y * ROWS) / height));
    for (let x = 0; x < width; x++) {
      const col = Math.min(COLS - 1, Math.floor((x * COLS) / width));
      const i = (y * width + x) * 4;
      const grey = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
      sums[row * COLS + col]! += grey;
      counts[row * COLS + col]! += 1;
    }
  }
  return sums.map((s, i) => s / Math.max(1, counts[i]!));
}

/** 16 hex characters: bit set where a cell is brighter than its right-hand neighbour, row by row. */
export function dHashFromRgba(rgba: ArrayLike<number>, width: number, height: number): string {
  if (width < 1 || height < 1) throw new Error('empty image');
  const grid = greyGrid(rgba, width, height);
  let hex = '';
  for (let r = 0; r < ROWS; r++) {
    let byte = 0;
    for (let c = 0; c < COLS - 1; c++) byte = (byte << 1) | (grid[r * COLS + c]! > grid[r * COLS + c + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** Differing bits between two hashes of the same length. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error('hashes of different length');
  let d = 0;
  for (let i = 0; i < a.length; i++) d += NIBBLE_BITS[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  return d;
}

export const isSamePhoto = (a: string, b: string) => hammingDistance(a, b) <= HASH_MATCH_MAX_DISTANCE;
