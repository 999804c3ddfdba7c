import { Hono } from 'hono';
import { AUTHORITY_MSG } from '../../contracts/authority';
import { BORROWER_DRAFT_KEYS, BorrowerDraft, draftKeyMessage } from '../../contracts/borrower';
import { MSG } from '../../contracts/messages';
import { KycInfo } from '../../contracts/kyc';
import { MOBILE_PATTERN } from '../../contracts/patterns';
import { partySummary } from '../../contracts/sanction-gate';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { requireCaller } from '../middleware/session';
import { authorize, authorizeInService } from '../middleware/authorize';
import { AnyObject, body, form } from '../middleware/body';
import { ok, validate } from '../respond';
import { APP_COLUMNS as COLUMNS, type AppRow, loadApplication as load, toApplication, trackerId } from '../services/application-store';
import { isOwner } from '../services/application-access';
import { openForWrite, writeApplication } from '../services/application-writes';
import { submitBorrower } from '../services/borrower-submit';
import { identityFieldsOf, recordAccess } from '../services/access-log';
import { lookupByPhone } from '../services/application-lookup';
import { filesOfApplications } from '../services/application-files';
import { assertDraftIdentity } from '../services/draft-identity';
import { productRoleOfCaller } from '../services/caller-role';
import { heldIdentityPatch } from '../services/identity-change';
import { submitKyc } from '../services/kyc-submit';
import { rebureauOnIdentityChange } from '../services/sanction-gate';
import { countApplications, isCursor, listScope, listWithCount } from '../services/application-list';
import { asJsonb } from '../services/stored-json';

// Minimal application records (create / read / merge-patch / list / count / lookup by phone).
// Staff read what their scope reaches (server/services/staff-scope.ts); creating over another officer's id is refused.
// A guest (public visitor) may read, patch and submit the borrower and KYC steps of its own application only
// (server/services/application-access.ts); it never creates one here: its OTP did.

const APP_ID = '[0-9a-f]{32}';

/** Full Aadhaar numbers are never stored (REQ-OFF-11): any key naming Aadhaar becomes its last 4 digits. */
const AADHAAR_KEY = /aadhaar|aadhar|uid/i;

/**
 * A draft write (merge PATCH, or the fields of a create): the borrower's draft fields only, typed and bounded
 * (BorrowerDraft: a wrong type or value answers its field's message, 400); an unknown key → 400. A key naming Aadhaar
 * keeps only its last 4 digits as `aadhaar_last4`.
 */
function draftFields(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(body)) {
    // The Aadhaar card's photos (aadhaar_front_file, aadhaar_back_file) are file ids, not the number.
    if (AADHAAR_KEY.test(k) && k !== 'aadhaar_last4' && k !== 'borrower_photo_from_aadhaar' && !k.endsWith('_file')) {
      const digits = typeof val === 'string' || typeof val === 'number' ? String(val).replace(/\D/g, '') : '';
      if (digits.length >= 4) out.aadhaar_last4 = digits.slice(-4);
      continue;
    }
    if (!BORROWER_DRAFT_KEYS.includes(k)) throw new ApiError(400, draftKeyMessage(k));
    out[k] = val;
  }
  return asJsonb(validate(BorrowerDraft, out));
}

const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const LIST_QUERY_MSG = { page: 'Invalid page number', search: 'Invalid search text' } as const;

/**
 * page 0–10,000 and size 1–100 (whole numbers; absent: 0 and 10), search_by up to 100 printable characters, after a
 * page cursor (server/services/application-list.ts; absent: none); else 400.
 */
export function listQuery(pageQ: string | undefined, sizeQ: string | undefined, searchQ: string | undefined, afterQ?: string) {
  const whole = (q: string | undefined, fallback: number, min: number, max: number) => {
    if (q === undefined || q === '') return fallback;
    if (!/^\d{1,6}$/.test(q) || Number(q) < min || Number(q) > max) throw new ApiError(400, LIST_QUERY_MSG.page);
    return Number(q);
  };
  const search = (searchQ ?? '').trim();
  // Control characters (NUL above all: PostgreSQL refuses it in text) are never part of a name, mobile or id.
  if (search.length > 100 || [...search].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127))
    throw new ApiError(400, LIST_QUERY_MSG.search);
  const after = afterQ ? afterQ : null;
  if (after !== null && !isCursor(after)) throw new ApiError(400, LIST_QUERY_MSG.page);
  return { page: whole(pageQ, 0, 0, 10_000), size: whole(sizeQ, 10, 1, 100), search, after };
}

export const applicationRoutes = new Hono<AppEnv>()
  .get('/v1/app/mfi/count', async (c) => {
    const caller = staff(c);
    const scope = await listScope(c.var.deps.db, caller);
    const { n } = await countApplications(c.var.deps.db, scope, '');
    return ok(c, { count: n });
  })
  .get('/v1/app/mfi/phone-number/:phone', async (c) => {
    const caller = staff(c);
    const phone = c.req.param('phone');
    if (!MOBILE_PATTERN.test(phone)) throw new ApiError(400, MSG.invalidMobile);
    const { db, config } = c.var.deps;
    const row = await lookupByPhone(db, caller, phone);
    await recordAccess(
      db,
      caller,
      { applicationId: row.id, action: 'application.lookup', fields: identityFieldsOf(row.data) },
      config.now(),
    );
    return ok(c, toApplication(row));
  })
  .get('/v1/app/mfi', async (c) => {
    const caller = staff(c);
    const q = c.req.query.bind(c.req);
    const { page, size, search, after } = listQuery(q('page'), q('size'), q('search_by'), q('after'));
    const { db } = c.var.deps;
    const ls = await listScope(db, caller);
    const { total, rows } = await listWithCount(db, ls, { page, size, search, after });
    const n = total.n;
    const list = rows.map(({ cursor: _, ...r }) => ({
      ...toApplication(r),
      co_deviations_pending: r.co_deviations_pending,
      co_parties: (r.co_parties ?? []).map(partySummary),
    }));
    const next_after = rows.length === size ? (rows[rows.length - 1]?.cursor ?? null) : null;
    return ok(c, { list, total_pages: Math.ceil(n / size), total_elements: n, page, size, next_after, total_capped: total.capped });
  })
  .get(`/v1/app/mfi/:id{${APP_ID}}`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const { db, config } = c.var.deps;
    const row = await load(db, caller, c.req.param('id'));
    // The answer carries PAN, date of birth, Aadhaar last 4...: the read is on record before it goes out.
    await recordAccess(db, caller, { applicationId: row.id, action: 'application.read', fields: identityFieldsOf(row.data) }, config.now());
    return ok(c, toApplication(row));
  })
  .get(`/v1/app/mfi/:id{${APP_ID}}/files`, async (c) => {
    // The files uploaded for one application, with the geotag recorded at upload (bytes stay behind presigned URLs).
    const caller = staff(c);
    const app = await load(c.var.deps.db, caller, c.req.param('id'));
    const files = await filesOfApplications(c.var.deps.db, caller.tenantId, [app.id]);
    return ok(c, { files: files.get(app.id) ?? [] });
  })
  .put(`/v1/app/mfi/:id{${APP_ID}}`, authorizeInService('borrower.submit', 'staff or guest', 'id'), body(AnyObject), async (c) => {
    const id = c.req.param('id');
    const caller = staffOrGuestFor(c, id);
    const input = c.req.valid('json');
    // A body with terms_accepted is the borrower form's submit (REQ-BORR-1), not a bare create.
    if ('terms_accepted' in input) return ok(c, toApplication(await submitBorrower(c.var.deps, caller, id, input)));
    // A guest's application exists since its OTP; a bare PUT answers it as it is.
    if (caller.kind === 'guest') return ok(c, toApplication(await load(c.var.deps.db, caller, id)));
    const { phone, ...rest } = input;
    if (typeof phone !== 'string' || !MOBILE_PATTERN.test(phone)) throw new ApiError(400, MSG.invalidMobile);
    const data = draftFields(rest);
    const { db, config } = c.var.deps;
    // REQ-ROLE-2: only the initiating officer creates applications (the other roles take over what officers started).
    if ((await productRoleOfCaller(db, caller)) !== 'INITIATING_OFFICER') throw new ApiError(403, AUTHORITY_MSG.createRole);
    const now = config.now().toISOString();
    const inserted = await db.query<AppRow>(
      `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, tracker_id, created_at, updated_at, branch_id)
       VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7::timestamptz,$7::timestamptz, (SELECT branch_id FROM users WHERE tenant_id=$2 AND id=$3))
       ON CONFLICT (tenant_id, id) DO NOTHING RETURNING ${COLUMNS}`,
      [id, caller.tenantId, caller.userId, phone, JSON.stringify(data), trackerId(), now],
    );
    if (inserted[0]) return c.json({ success: true, status_code: 201, data: toApplication(inserted[0]) }, 201);
    // Asked as the server, not the caller: another officer's id is still "already exists", never created over.
    const existing = await load(db, { tenantId: caller.tenantId }, id);
    if (!isOwner(caller, existing)) throw new ApiError(409, 'An application with this id already exists');
    return ok(c, toApplication(existing));
  })
  .patch(
    `/v1/app/mfi/:id{${APP_ID}}/basic-info`,
    authorize('kyc.submit', 'staff or guest'),
    body(form(KycInfo.entries, KycInfo)),
    async (c) => {
      // KYC ('Borrowers Info', REQ-REJ-1): the answer carries approval_checks, which on
      // REJECTED is still a 200 (a business decision the client shows on its rejection screen, not an error).
      const caller = staffOrGuestFor(c, c.req.param('id'));
      const row = await submitKyc(c.var.deps, caller, c.req.param('id'), c.req.valid('json'));
      return ok(c, toApplication(row));
    },
  )
  .patch(`/v1/app/mfi/:id{${APP_ID}}`, authorize('application.patch', 'staff or guest'), body(AnyObject), async (c) => {
    const id = c.req.param('id');
    const caller = staffOrGuestFor(c, id);
    const patch = draftFields(c.req.valid('json'));
    const { db, config } = c.var.deps;
    const now = config.now();
    const row = await db.tx(async (q) => {
      const { app } = await openForWrite(q, caller, id, 'application.patch');
      assertDraftIdentity(app, patch);
      // A draft PAN or voter id after the KYC step's decision is a new identity: the bureau decides it again.
      const data = { ...patch, ...rebureauOnIdentityChange(app.data, patch, now), ...heldIdentityPatch(app, patch) };
      return writeApplication(q, app, { data, event: { kind: 'patch', body: patch } }, now);
    });
    return ok(c, toApplication(row));
  });
