import { PincodeResponse } from '../../../contracts/lists';
import { mainCall } from '../http';

/** Pincode lookup: failures clear the filled fields (REQ-VAL-3), so no toast. */
export const getPincode = (pincode: string, signal?: AbortSignal) =>
  mainCall(PincodeResponse, '/v1/pincode/get-city-state', { query: { pincode }, silent: true, signal });
