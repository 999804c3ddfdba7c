export type DetectedType = { mime: 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'jpg' | 'png' | 'pdf' };

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/** The type comes from the bytes, never from the name or the declared content type. */
export function detectType(b: Uint8Array): DetectedType | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}
