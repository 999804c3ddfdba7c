// REQ-API-3 for the calls the staff screens make directly: any failed call shows an error toast with the server's
// message (the inner message when it embeds one), else 'Something went wrong!', and 'Something went wrong while
// processing the response.' for an answer that cannot be read. The real server answers; each call is failed once on
// its way (fault injection) before it reaches it. A call the screen itself cancelled says nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAccessLog } from '../../src/api/applications/get-access-log';
import { getApplicationFiles } from '../../src/api/applications/get-application-files';
import { getHistory } from '../../src/api/applications/get-history';
import { listApplications } from '../../src/api/applications/list-applications';
import { setToken } from '../../src/api/credentials';
import { getHousehold } from '../../src/api/household/get-household';
import { getApplicationKfs } from '../../src/api/kfs/get-application-kfs';
import { fetchLoanOffer } from '../../src/api/loan-offer/fetch-loan-offer';
import { loadRuntimeConfig } from '../../src/api/runtime-config';
import { aadhaarOtpFlow } from '../../src/features/borrower/otp-calls';
import { toast } from '../../src/lib/toast';
import { type Harness, makeHarness } from './sync-harness';

const HOST = 'http://sahayog.localhost';
const APP = 'c'.repeat(32);
type Fault = 'inner-message' | 'no-message' | 'unreadable' | 'dropped' | 'bare-500' | null;
let h: Harness;
let fault: Fault = null;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  h = await makeHarness();
  await loadRuntimeConfig(async () =>
    Response.json({ apiBases: { main: `${HOST}/api/main`, verification: `${HOST}/api/verification`, banking: `${HOST}/api/banking` } }),
  );
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const f = fault;
    fault = null;
    if (f === 'dropped') throw new TypeError('fetch failed (injected: link dropped)');
    if (f === 'inner-message')
      return Response.json({ success: false, message: '{"message":"The records service is restarting"}' }, { status: 503 });
    if (f === 'no-message') return Response.json({ success: false }, { status: 500 });
    // A gateway's 500: a message, and no status of its own in the body.
    if (f === 'bare-500') return Response.json({ message: 'Aadhaar service is unavailable' }, { status: 500 });
    if (f === 'unreadable') return new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    return h.fetch(new Request(input, init));
  }) as typeof fetch;
  setToken(h.token);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  setToken(null);
  await h.close();
});
afterEach(() => vi.restoreAllMocks());

const CALLS: Array<[string, (signal?: AbortSignal) => Promise<unknown>]> = [
  ['applications list', (signal) => listApplications({ page: 0, size: 10 }, signal)],
  ['household figures', () => getHousehold(APP)],
  ['change history', () => getHistory(APP)],
  ['access log', () => getAccessLog(APP)],
  ['application files', () => getApplicationFiles(APP)],
  ['loan offer', () => fetchLoanOffer(APP)],
  ['key facts statement', () => getApplicationKfs(APP)],
];
const FAULTS: Array<[Exclude<Fault, null>, string]> = [
  ['inner-message', 'The records service is restarting'],
  ['no-message', 'Something went wrong!'],
  ['unreadable', 'Something went wrong while processing the response.'],
  ['dropped', 'Something went wrong!'],
];

describe('a failed direct call shows the error toast (table)', () => {
  it.each(CALLS.flatMap(([name, call]) => FAULTS.map(([f, text]) => [name, f, text, call] as const)))(
    '%s, %s → %j',
    async (_name, f, text, call) => {
      const said = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
      fault = f;
      await expect(call()).rejects.toThrow();
      expect(said).toHaveBeenCalledWith(text);
    },
  );

  it('a call the screen cancelled says nothing', async () => {
    const said = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const ctl = new AbortController();
    ctl.abort();
    await expect(listApplications({ page: 0, size: 10 }, ctl.signal)).rejects.toThrow();
    expect(said).not.toHaveBeenCalled();
  });
});

describe('Aadhaar OTP answered 400 and 500 (REQ-VER-4)', () => {
  it.each([
    ['400 (the real server refuses the application id)', null, 'string'],
    ['500 (a bare gateway answer)', 'bare-500', 'reset'],
  ] as const)('%s', async (_n, f, kind) => {
    fault = f;
    const outcome = await aadhaarOtpFlow('567856785678', APP).send();
    if (kind === 'string') expect(typeof outcome).toBe('string');
    else expect(outcome).toEqual({ message: 'Aadhaar service is unavailable', reset: true });
  });
});
