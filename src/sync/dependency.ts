// Ops that wait for other ops: placeholders filled at send time, and who is stuck behind a parked op.
import type { FileRow, OutboxOp } from '../db/types';
import { MissingDependencyError } from './errors';
import { msg } from '../../contracts/msg';

export type FileRef = { $fileId: string };
export type ResultRef = { $result: { op: string; path: string } };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFileRef = (v: unknown): v is FileRef => isObj(v) && Object.keys(v).length === 1 && typeof v.$fileId === 'string';
const isResultRef = (v: unknown): v is ResultRef =>
  isObj(v) && Object.keys(v).length === 1 && isObj(v.$result) && typeof v.$result.op === 'string' && typeof v.$result.path === 'string';

export const fileRef = (localFileId: string): FileRef => ({ $fileId: localFileId });
export const resultRef = (op: string, path = 'data.file_id'): ResultRef => ({ $result: { op, path } });

/** Local file ids and op ids a body refers to. */
export function placeholdersIn(body: unknown): { fileIds: string[]; opIds: string[] } {
  const fileIds = new Set<string>();
  const opIds = new Set<string>();
  const walk = (v: unknown) => {
    if (isFileRef(v)) fileIds.add(v.$fileId);
    else if (isResultRef(v)) opIds.add(v.$result.op);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) Object.values(v).forEach(walk);
  };
  walk(body);
  return { fileIds: [...fileIds], opIds: [...opIds] };
}

export function getPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export type Lookup = {
  file: (localId: string) => Pick<FileRow, 'serverFileId'> | undefined;
  op: (opId: string) => Pick<OutboxOp, 'state' | 'result'> | undefined;
};

/** A copy of the body with every placeholder replaced; throws when a value is not available yet. */
export function resolvePlaceholders(body: unknown, lookup: Lookup): unknown {
  if (isFileRef(body)) {
    const id = lookup.file(body.$fileId)?.serverFileId;
    if (!id) throw new MissingDependencyError(msg('A file this step needs has not been uploaded.'));
    return id;
  }
  if (isResultRef(body)) {
    const op = lookup.op(body.$result.op);
    const value = op?.state === 'done' ? getPath(op.result, body.$result.path) : undefined;
    if (value === undefined) throw new MissingDependencyError(msg('A step this one needs has no answer yet.'));
    return value;
  }
  if (Array.isArray(body)) return body.map((v) => resolvePlaceholders(v, lookup));
  if (isObj(body)) return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, resolvePlaceholders(v, lookup)]));
  return body;
}

/** Ops of one application (except uploads, which are independent) replay strictly in order. */
/** Uploads and checks run beside their application's ops, waiting only for what they depend on. */
export const laneOf = (op: Pick<OutboxOp, 'appId' | 'fileId' | 'refusalIsAnswer'>): string | null =>
  op.fileId || op.refusalIsAnswer ? null : op.appId;

/**
 * Everything that cannot go ahead while `rootId` is stuck: ops that depend on it (transitively) and
 * later ops of the same application. `ops` must be sorted by seq.
 */
export function dependantsOf(rootId: string, ops: OutboxOp[]): string[] {
  const stuck = new Set([rootId]);
  const lanes = new Set<string>();
  const root = ops.find((o) => o.id === rootId);
  const rootLane = root ? laneOf(root) : null;
  if (rootLane) lanes.add(rootLane);
  let grew = true;
  while (grew) {
    grew = false;
    for (const op of ops) {
      if (stuck.has(op.id) || op.state === 'done') continue;
      const lane = laneOf(op);
      const afterStuckInLane =
        lane !== null && lanes.has(lane) && ops.some((s) => stuck.has(s.id) && laneOf(s) === lane && s.seq! < op.seq!);
      if (afterStuckInLane || op.dependsOn.some((d) => stuck.has(d))) {
        stuck.add(op.id);
        if (lane) lanes.add(lane);
        grew = true;
      }
    }
  }
  stuck.delete(rootId);
  return ops.filter((o) => stuck.has(o.id)).map((o) => o.id);
}

/** Ops that explicitly depend on `rootId`, transitively (what a discard takes with it). */
export function explicitDependantsOf(rootId: string, ops: OutboxOp[]): string[] {
  const gone = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const op of ops) {
      if (!gone.has(op.id) && op.dependsOn.some((d) => gone.has(d))) {
        gone.add(op.id);
        grew = true;
      }
    }
  }
  gone.delete(rootId);
  return ops.filter((o) => gone.has(o.id)).map((o) => o.id);
}
