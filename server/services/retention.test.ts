// Retention (docs/regulatory.md): an abandoned draft goes whole after the draft period; a rejected application's
// documents go after theirs, the application and its decision stay; a dry run reports the same and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirFileStore } from '../storage/file-store';
import { blob, call, form, makeTestServer, pdfBytes, signIn, type TestServer } from '../test-helpers';
import { runRetention } from './retention';

let s: TestServer;
let token: string;
const OLD = 'd1'.repeat(16);
const REJECTED = 'd2'.repeat(16);
const FRESH = 'd3'.repeat(16);
const DAY = 86_400_000;
const files: Record<string, string> = {};

const put = async (id: string, phone: string, name = 'Old Draft') =>
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone, name } })).status).toBe(201);
const upload = async (id: string) =>
  (await call(s.app, 'POST', '/v1/file/upload', { token, body: form({ file: blob(pdfBytes()), file_type: 'PAN', application_id: id }) }))
    .body.data.file_id as string;
const count = async (sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(sql, params))[0]!.n;

beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app);
  await put(OLD, '9876500011', 'Zubeida Old Draft');
  await put(REJECTED, '9876500012');
  files.old = await upload(OLD);
  files.rejected = await upload(REJECTED);
  // A rejection as the KYC check records it (the decision is the server's; set here as stored).
  await s.db.query(
    `UPDATE applications SET data = data || '{"approval_checks":{"decision":"REJECTED"}}'::jsonb, stages = ARRAY['BORROWER_INFO'] WHERE id=$1`,
    [REJECTED],
  );
  s.advance(200 * DAY);
  token = await signIn(s.app);
  await put(FRESH, '9876500013');
});
afterAll(async () => {
  await s.close();
});

describe('retention', () => {
  const deps = () => ({ db: s.db, files: createDirFileStore(s.fileDir) });

  it("a dry run reports the abandoned draft and the rejected application's documents, and changes nothing", async () => {
    const report = await runRetention(deps(), s.config.now(), { dryRun: true });
    expect(report.dry_run).toBe(true);
    expect(report.drafts.map((d) => [d.id, d.files])).toEqual([[OLD, 1]]);
    expect(report.rejected_documents).toEqual([{ tenant_id: 'sahayog', application_id: REJECTED, file_ids: [files.rejected] }]);
    expect(await count('SELECT count(*)::int AS n FROM applications WHERE id = ANY($1)', [[OLD, REJECTED, FRESH]])).toBe(3);
    expect(await count('SELECT count(*)::int AS n FROM files WHERE id = ANY($1)', [[files.old, files.rejected]])).toBe(2);
  });

  it("a shorter period than a draft's age is configurable; a newer draft stays", async () => {
    const report = await runRetention(deps(), s.config.now(), { dryRun: true, draftDays: 1000 });
    expect(report.drafts).toEqual([]);
  });

  it('the run deletes the draft whole and the rejected documents (rows and bytes); the rejection stays', async () => {
    await runRetention(deps(), s.config.now());
    expect(await count('SELECT count(*)::int AS n FROM applications WHERE id = ANY($1)', [[OLD, REJECTED, FRESH]])).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM files WHERE id = ANY($1)', [[files.old, files.rejected]])).toBe(0);
    const store = deps().files;
    expect(await store.open(`files/${files.old!.slice(0, 2)}/${files.old}`)).toBeNull();
    expect(await store.open(`files/${files.rejected!.slice(0, 2)}/${files.rejected}`)).toBeNull();
    const [r] = await s.db.query<{ decision: string }>(
      `SELECT data->'approval_checks'->>'decision' AS decision FROM applications WHERE id=$1`,
      [REJECTED],
    );
    expect(r?.decision).toBe('REJECTED');
    // The deleted draft's name leaves the search's vocabulary with it; words others still use stay.
    const words = await s.db.query<{ word: string }>(`SELECT word FROM name_words WHERE word = ANY($1) ORDER BY word`, [
      ['zubeida', 'draft'],
    ]);
    expect(words.map((w) => w.word)).toEqual(['draft']);
  });
});
