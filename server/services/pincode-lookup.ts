import { PINCODE_PATTERN } from '../../contracts/patterns';
import { PINCODES, POSTAL_CIRCLES, type PincodeInfo } from '../fixtures/pincodes';

/** Exact fixture first, else the postal circle of the first two digits; null when neither knows it. */
export function lookupPincode(pincode: string): PincodeInfo | null {
  if (!PINCODE_PATTERN.test(pincode)) return null;
  return PINCODES[pincode] ?? POSTAL_CIRCLES[pincode.slice(0, 2)] ?? null;
}
