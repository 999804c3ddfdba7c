import { type Context, Hono } from 'hono';
import { BankVerifyRequest } from '../../contracts/bank-account';
import {
  AadhaarOtpRequest,
  AadhaarOtpSubmit,
  NameMatchRequest,
  PanVerifyRequest,
  VERIFY_SERVER_MSG,
  VoterVerifyRequest,
} from '../../contracts/verification';
import { ApiError } from '../api-error';
import type { AppEnv, Caller } from '../app-env';
import { aadhaarIdentity, aadhaarKey, panIdentity, voterIdentity } from '../fixtures/identities';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok, validate } from '../respond';
import { openForWrite, recordVerification } from '../services/application-writes';
import { verifyBankAccount } from '../services/bank-account';
import { clientIp } from '../services/client-ip';
import { matchNames } from '../services/name-match';
import { checkAndLogOtpSend } from '../services/otp-rate-limit';
import { checkOtp, findOtpSession, OTP_CHECK_FAILURES, startOtpSession } from '../services/otp-sessions';

// Simulated third-party checks of the verification API over the fixture identities
// (REQ-SBX-3). Staff, and for the borrower's and co-applicants' identity checks (PAN, voter id, name match,
// Aadhaar OTP) a guest on its own application (403 for any other); the bank account check is staff only. The
// application named must be one of the caller's tenant (else 404).
// Every answer, success or failure, carries `statusCode` beside `status_code` (the client reads `statusCode`).

const AADHAAR_PURPOSE = 'aadhaar';
/** The sandbox's stand-in for the provider's transaction origin; submit must echo it. */
export const AADHAAR_ORIGIN = 'SANDBOX_UIDAI';
export const AADHAAR_MSG = { invalidNumber: 'Invalid Aadhaar number', verified: 'Aadhaar verified successfully' } as const;

type AadhaarContext = { application_id: string; identity_key: string; last4: string; origin: string };

const answer = <T>(c: Context<AppEnv>, data: T, message?: string) =>
  c.json({ success: true, statusCode: 200, status_code: 200, ...(message ? { message } : {}), data });

/**
 * Staff (or also guests with `kinds`), checked before the body is read; failures of these routes (auth, validation,
 * checks) also carry `statusCode`.
 */
const check =
  (handler: (c: Context<AppEnv>, caller: Caller) => Promise<Response>, kinds: Caller['kind'][] = ['staff']) =>
  async (c: Context<AppEnv>) => {
    try {
      return await handler(c, requireCaller(c, kinds));
    } catch (err) {
      if (err instanceof ApiError) throw new ApiError(err.status, err.message, { ...err.extra, statusCode: err.status }, err.headers);
      throw err;
    }
  };

/** The identity checks a public visitor's borrower and co-applicant forms need. */
const PUBLIC_TOO: Caller['kind'][] = ['staff', 'guest'];

/**
 * The application named in the body: one of the caller's tenant, else 404; a guest's own, else 403; and a caller the
 * authority table lets run checks on it in its state ('checks.run': the owner during the first stage, the review role
 * while it reviews; 403 / 409), so nobody records a verified value on an application they may not change.
 */
const ofTenant = async (c: Context<AppEnv>, caller: Caller, applicationId: string) =>
  (await openForWrite(c.var.deps.db, caller, applicationId, 'checks.run', false)).app;

export const verificationRoutes = new Hono<AppEnv>()
  .get('/health', (c) => ok(c, { status: 'ok', api: 'verification' }))
  .post(
    '/v1/verify_pan_lite',
    check(async (c, caller) => {
      const body = validate(PanVerifyRequest, await jsonBody(c));
      const app = await ofTenant(c, caller, body.application_id);
      const found = panIdentity(body.pan);
      if (!found.ok) throw new ApiError(400, VERIFY_SERVER_MSG.invalidPan);
      await recordVerification(c.var.deps.db, app, {
        kind: 'pan',
        value: { value: body.pan, name: found.name },
        now: c.var.deps.config.now(),
      });
      return answer(c, { name_pan_card: found.name });
    }, PUBLIC_TOO),
  )
  .post(
    '/v1/perfios/kyc/verify-voter-id',
    check(async (c, caller) => {
      const body = validate(VoterVerifyRequest, await jsonBody(c));
      const app = await ofTenant(c, caller, body.application_id);
      const found = voterIdentity(body.voter_id);
      if (!found.ok) throw new ApiError(422, VERIFY_SERVER_MSG.voterNotFound);
      await recordVerification(c.var.deps.db, app, {
        kind: 'voter_id',
        value: { value: body.voter_id, name: found.name },
        now: c.var.deps.config.now(),
      });
      return answer(c, { result: { name: found.name } });
    }, PUBLIC_TOO),
  )
  // Bank account check (server/services/bank-account.ts): 200 with status SUCCESS, or 422 'Account not found' with status FAILED.
  .post(
    '/v1/perfios/kyc/verify-bank-acc-v3',
    check(async (c, caller) => {
      const data = await verifyBankAccount(c.var.deps, caller, validate(BankVerifyRequest, await jsonBody(c)));
      return c.json({ success: true, statusCode: 200, status_code: 200, status: 'SUCCESS' as const, data });
    }),
  )
  .post(
    '/v1/name_matcher',
    check(async (c, caller) => {
      const body = validate(NameMatchRequest, await jsonBody(c));
      await ofTenant(c, caller, body.application_id);
      return answer(c, matchNames(body.values.map((v) => v.value)));
    }, PUBLIC_TOO),
  )
  .post(
    '/v1/request_aadhaar_otp',
    check(async (c, caller) => {
      const body = validate(AadhaarOtpRequest, await jsonBody(c));
      await ofTenant(c, caller, body.application_id);
      const key = aadhaarKey(body.aadhaar);
      if (!key) throw new ApiError(400, AADHAAR_MSG.invalidNumber);
      const { db, config } = c.var.deps;
      // The OTP would go to the Aadhaar-linked mobile, which the sandbox never learns: the send limit counts per application.
      await checkAndLogOtpSend(db, config, { tenantId: caller.tenantId, mobile: `aadhaar:${body.application_id}`, ip: clientIp(c) });
      const context: AadhaarContext = {
        application_id: body.application_id,
        identity_key: key.key,
        last4: key.last4,
        origin: AADHAAR_ORIGIN,
      };
      const refId = await startOtpSession(db, config, {
        tenantId: caller.tenantId,
        mobile: '',
        userId: caller.userId,
        purpose: AADHAAR_PURPOSE,
        context,
      });
      return answer(c, { status: 'SUCCESS' as const, ref_id: refId, origin: AADHAAR_ORIGIN }, VERIFY_SERVER_MSG.aadhaarOtpSent);
    }, PUBLIC_TOO),
  )
  .post(
    '/v1/submit_aadhaar_otp',
    check(async (c, caller) => {
      const body = validate(AadhaarOtpSubmit, await jsonBody(c));
      const app = await ofTenant(c, caller, body.application_id);
      const { db, config } = c.var.deps;
      const row = await findOtpSession(db, caller.tenantId, body.ref_id, AADHAAR_PURPOSE);
      const ctx = row?.context as AadhaarContext | null | undefined;
      const identity = ctx ? aadhaarIdentity(ctx.identity_key) : null;
      if (!row || !ctx || !identity || ctx.application_id !== body.application_id || ctx.origin !== body.origin) {
        throw new ApiError(400, VERIFY_SERVER_MSG.aadhaarInvalidRef);
      }
      // The OTP is consumed and the result recorded together, or neither.
      const result = await db.tx(async (q) => {
        const r = await checkOtp(q, config, row, body.otp);
        if (r === 'ok') {
          await recordVerification(q, app, { kind: 'aadhaar', value: { last4: ctx.last4, name: identity.name }, now: config.now() });
        }
        return r;
      });
      if (result !== 'ok') {
        const [status, message] = OTP_CHECK_FAILURES[result];
        throw new ApiError(status, result === 'unknown' ? VERIFY_SERVER_MSG.aadhaarInvalidRef : message);
      }
      return answer(c, { ...identity, aadhaar_last4: ctx.last4 }, AADHAAR_MSG.verified);
    }, PUBLIC_TOO),
  );
