// REQ-UI-1: the full-screen loading overlay blocks the content while a call is in progress. The direct calls of
// REQ-API-1 (reads included) hold it until their answer, or their failure, is in.
import { describe, expect, it } from 'vitest';
import { isBusy } from '../lib/busy-store';
import { getApplication } from './applications/get-application';
import { listApplications } from './applications/list-applications';
import { presignedUrl } from './files/presigned-url';
import { getPincode } from './lists/get-pincode';

const ID = 'a'.repeat(32);

describe('direct calls hold the loading overlay', () => {
  it.each([
    ['pincode lookup', () => getPincode('411001')],
    ['file view URL', () => presignedUrl(ID)],
    ['application by id', () => getApplication(ID)],
    ['applications list', () => listApplications({ page: 0, size: 10 })],
  ])('%s', async (_name, call) => {
    expect(isBusy()).toBe(false);
    // No server answers here: the call fails, and the overlay must still come down.
    const done = call().catch(() => undefined);
    expect(isBusy()).toBe(true);
    await done;
    expect(isBusy()).toBe(false);
  });
});
