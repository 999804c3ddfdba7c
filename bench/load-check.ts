// The check after a load run (bench/load-run.ts): reads the database and the server's API.
// Every application exists once, every upload (plain or chunked) is one file row, every patch one event,
// events in each application in queue order, each patch's file reference names the one stored file, no
// Idempotency-Key is left in progress; with `readBack`, every file is served, byte for byte, by every instance.
import type { Db } from '../server/db/db';
import { type Device, type FileOp, type PatchOp, type Persisted, patchBody, photo } from './load-queue';

/** JSON with sorted keys: jsonb does not keep key order. */
const canonical = (v: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))));

const headersOf = (d: Device) => ({ token: d.token, 'x-forwarded-host': d.host, 'x-forwarded-for': d.ip });

export async function checkRun(
  db: Db,
  instances: string[],
  devices: Device[],
  readBack: boolean,
): Promise<{ problems: string[]; filesRead: number }> {
  const problems: string[] = [];
  const [left] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE state <> 'done'`);
  if (left?.n) problems.push(`${left.n} Idempotency-Keys still in progress`);
  const [apps] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications');
  if (apps?.n !== devices.length * 2) problems.push(`${apps?.n} applications for ${devices.length * 2} created`);
  const reads: Array<{ d: Device; fileId: string; want: Uint8Array }> = [];
  for (const d of devices) {
    const disk = JSON.parse(d.disk) as Persisted;
    if (disk.next !== disk.ops.length) problems.push(`dev ${d.n}: queue stopped at ${disk.next}`);
    for (const app of d.apps) {
      const mine = disk.ops.map((op, i) => ({ op, i })).filter((x) => x.op.app === app);
      const patches = mine.filter((x) => x.op.kind === 'patch') as Array<{ op: PatchOp; i: number }>;
      const uploads = mine.filter((x) => x.op.kind === 'upload' || x.op.kind === 'chunked') as Array<{ op: FileOp; i: number }>;
      const events = await db.query<{ body: Record<string, unknown> }>(
        'SELECT body FROM application_events WHERE application_id=$1 ORDER BY seq',
        [app],
      );
      const want = patches.map((x) => canonical(patchBody(x.op, disk.fileIds)));
      const got = events.map((e) => canonical(e.body));
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        problems.push(
          `app ${app} (dev ${d.n}): events ${events.map((e) => e.body.purpose).join(',')} ≠ queue ${patches.map((x) => x.op.marker).join(',')}`,
        );
      }
      const rows = await db.query<{ id: string; name_prefix: string }>('SELECT id, name_prefix FROM files WHERE application_id=$1', [app]);
      const byMarker = new Map<string, string[]>();
      for (const r of rows) byMarker.set(r.name_prefix, [...(byMarker.get(r.name_prefix) ?? []), r.id]);
      if (rows.length !== uploads.length) problems.push(`app ${app} (dev ${d.n}): ${rows.length} file rows for ${uploads.length} uploads`);
      for (const u of uploads) {
        const ids = byMarker.get(u.op.marker) ?? [];
        if (ids.length !== 1 || ids[0] !== disk.fileIds[u.i])
          problems.push(`upload ${u.op.marker}: rows ${ids.join(',') || 'none'}, device kept ${disk.fileIds[u.i]}`);
        else reads.push({ d, fileId: ids[0]!, want: photo(u.op.marker, u.op.kind) });
      }
      const chunked = uploads.filter((u) => u.op.kind === 'chunked').length;
      const [sessions] = await db.query<{ n: number; open: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE file_id IS NULL)::int AS open FROM uploads WHERE meta->>'application_id'=$1`,
        [app],
      );
      if (sessions?.n !== chunked || sessions.open !== 0)
        problems.push(`app ${app}: ${sessions?.n} upload sessions (${sessions?.open} open) for ${chunked} chunked uploads`);
      // The server's own view: the merged record carries the last step and every photo reference.
      const res = await fetch(`${instances[0]}/v1/app/mfi/${app}`, { headers: headersOf(d) });
      const data = ((await res.json()) as { data?: Record<string, unknown> }).data;
      if (res.status !== 200 || !data) {
        problems.push(`app ${app}: GET ${res.status}`);
        continue;
      }
      const last = patches.at(-1)?.op;
      if (last && data.purpose !== last.marker)
        problems.push(`app ${app}: server says last step ${String(data.purpose)}, queue ${last.marker}`);
      // Each photo reference is in its patch's event (compared above); the record keeps the last one.
      const lastPhoto = patches
        .map(({ op }) => op.photoOf)
        .filter((n) => n !== undefined)
        .at(-1);
      if (lastPhoto !== undefined && data.photo_file !== disk.fileIds[lastPhoto]) problems.push(`app ${app}: photo_file mismatch`);
    }
  }
  if (readBack) problems.push(...(await readEverywhere(instances, reads)));
  return { problems, filesRead: readBack ? reads.length * instances.length : 0 };
}

/** Each file through a presigned URL that instance i signs and instance i+1 serves, compared byte for byte. */
async function readEverywhere(instances: string[], reads: Array<{ d: Device; fileId: string; want: Uint8Array }>): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < reads.length; k = next++) {
      const { d, fileId, want } = reads[k]!;
      for (const [i, signer] of instances.entries()) {
        const server = instances[(i + 1) % instances.length]!;
        const signed = await fetch(`${signer}/v1/loan-application/presigned-url?file_id=${fileId}`, { headers: headersOf(d) });
        const url = ((await signed.json()) as { data?: { file_url?: string } }).data?.file_url;
        const res = url ? await fetch(`${new URL(server).origin}${url}`, { headers: { 'x-forwarded-host': d.host } }) : null;
        const got = res?.ok ? new Uint8Array(await res.arrayBuffer()) : null;
        if (!got || !Buffer.from(got).equals(Buffer.from(want)))
          problems.push(
            `file ${fileId}: instance ${(i + 1) % instances.length} answered ${res?.status ?? signed.status}${got ? ' with other bytes' : ''}`,
          );
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return problems;
}
