// 'Take offline': at the branch, a verification- or review-role user puts one application's full
// data and documents on the phone before the visit: the application, its co-applicants and family members, and the
// bytes of every file uploaded for it. Screens then read all of it from Dexie with no network.
import { NO_GEOTAG } from '../../../contracts/files';
import { heldServerFileId as serverFileLocalId, putFile } from '../../db/files';
import { cacheList, cacheServerApplications, setMeta } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import type { Transport } from '../../sync/transport';
import { CO_STEP } from '../../ops/co-applicant-ops';
import { FAMILY_STEP } from '../../ops/family-ops';
import { cacheFetchedList } from '../../ops/record-step';
import { evidenceListKey } from '../../photos/local-evidence';

export type TakenOffline = { at: number; files: number; bytes: number; failed: string[] };
export const takenOfflineKey = (appId: string) => `taken-offline:${appId}`;
export { heldServerFileId as serverFileLocalId } from '../../db/files';

type ServerFile = { file_id: string; file_type?: string; mime?: string; size?: number; geo_tag?: unknown };
const dataOf = <T>(body: unknown) => (body as { data?: T } | null)?.data;

async function getData<T>(transport: Transport, path: string): Promise<T> {
  const res = await transport.request('main', 'GET', path);
  if (res.status !== 200) throw new Error((res.data as { message?: string } | null)?.message ?? `HTTP ${res.status}`);
  return dataOf<T>(res.data) as T;
}

const validGeoTag = (g: unknown) =>
  g &&
  typeof g === 'object' &&
  typeof (g as { latitude?: unknown }).latitude === 'number' &&
  typeof (g as { longitude?: unknown }).longitude === 'number'
    ? (g as typeof NO_GEOTAG)
    : NO_GEOTAG;

/**
 * Fetches the application and its records (any failure here throws: nothing half-taken is reported as done), then each
 * document not on the phone yet; a document that fails is named in `failed` and the rest still come. Nothing cached is
 * deleted. `fetchFile` reads a presigned URL's bytes (plain fetch in the app: the URL carries its own signature).
 */
export async function takeOffline(
  db: UserDb,
  transport: Transport,
  fetchFile: (url: string) => Promise<Blob>,
  appId: string,
  now = Date.now,
): Promise<TakenOffline> {
  const app = await getData<{ id: string }>(transport, `/v1/app/mfi/${appId}`);
  const [co, family, files] = await Promise.all([
    getData<{ list: Array<{ id: string }> }>(transport, `/v1/app/mfi/${appId}/co-applicant`),
    getData<{ list: Array<{ id: string }> }>(transport, `/v1/app/mfi/${appId}/family-member`),
    getData<{ files: ServerFile[] }>(transport, `/v1/app/mfi/${appId}/files`),
  ]);
  await cacheServerApplications(db, [{ id: app.id, appId, data: app }], now());
  await cacheFetchedList(db, CO_STEP, appId, co.list);
  await cacheFetchedList(db, FAMILY_STEP, appId, family.list);
  // The server's integrity flags, so the visit's evidence summary reads them with no network.
  await cacheList(db, evidenceListKey(appId), files.files, now());

  const result: TakenOffline = { at: now(), files: 0, bytes: 0, failed: [] };
  for (const f of files.files) {
    const id = serverFileLocalId(f.file_id);
    const held = await db.files.get(id);
    if (held) {
      result.files += 1;
      result.bytes += held.size;
      continue;
    }
    try {
      const { file_url } = await getData<{ file_url: string }>(
        transport,
        `/v1/loan-application/presigned-url?file_id=${encodeURIComponent(f.file_id)}`,
      );
      const blob = await fetchFile(file_url);
      await putFile(db, {
        id,
        blob,
        name: (f.file_type ?? 'document').toLowerCase(),
        mime: f.mime ?? blob.type,
        size: blob.size,
        geoTag: validGeoTag(f.geo_tag),
        appId,
        field: (f.file_type ?? 'document').toLowerCase(),
        serverFileId: f.file_id,
        uploadState: 'uploaded',
        createdAt: now(),
      });
      result.files += 1;
      result.bytes += blob.size;
    } catch (err) {
      result.failed.push(f.file_type ?? f.file_id);
      console.warn('take offline: a document could not be fetched', err instanceof Error ? err.message : err);
    }
  }
  await setMeta(db, takenOfflineKey(appId), result);
  return result;
}
