// The additional authenticated data of a stored ciphertext: what it belongs to. AES-GCM refuses a ciphertext whose
// table, field or row differs from the one it was written for, so a value copied to another row does not open.
import { utf8 } from './bytes';
import type { StoredValueRef } from './errors';

const LABEL = 'flo-at-rest';
const VERSION = 1;

/** JSON of a fixed-shape array: unambiguous for any key type (the string '1' and the number 1 differ). */
export const associatedData = (ref: StoredValueRef, ...extra: Array<string | number>): Uint8Array<ArrayBuffer> =>
  utf8(JSON.stringify([LABEL, VERSION, ref.table, ref.field, ref.key, ...extra]));
