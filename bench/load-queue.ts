// What a simulated device has queued while offline, and the bytes it uploads: shared by the load run
// (bench/load-run.ts) and its check (bench/load-check.ts).

export type Op =
  | { kind: 'create'; app: string; key: string; phone: string }
  | { kind: 'upload'; app: string; key: string; marker: string }
  /** A larger photo through the resumable protocol: create, PATCH chunks, finalize. */
  | { kind: 'chunked'; app: string; key: string; marker: string }
  | { kind: 'patch'; app: string; key: string; marker: string; step: string; photoOf?: number };

export type FileOp = Extract<Op, { kind: 'upload' | 'chunked' }>;
export type PatchOp = Extract<Op, { kind: 'patch' }>;

/** What survives a restart (the device's IndexedDB): the queue, how far it got, and answers it kept. */
export type Persisted = {
  ops: Op[];
  next: number;
  fileIds: Record<number, string>;
  uploadIds: Record<number, string>;
  firstSentAt: Record<number, number>;
};

export type Device = { n: number; host: string; ip: string; token: string; apps: string[]; disk: string; restarts: number };

/** Small deterministic PRNG (mulberry32): the same seed gives the same queues (faults and restarts also
 * come from it, but in the order the concurrent devices happen to ask). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEPS = ['business', 'kyc', 'address', 'income', 'bank', 'references'];
const hex = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');

/**
 * The queue a device builds while offline: create A, later create B, uploads and patches on both.
 * `chunkedShare` of the operations are chunked uploads, taken out of the plain uploads' 35 %.
 */
export function makeQueue(n: number, ops: number, rnd: () => number, chunkedShare = 0): { ops: Op[]; apps: string[] } {
  const apps = [hex(rnd, 32), hex(rnd, 32)];
  const key = (i: number) => `dev${n}-op${i}-${hex(rnd, 8)}`;
  const phone = (i: number) => `9${String(100_000_000 + n * 10 + i).slice(-9)}`;
  const out: Op[] = [{ kind: 'create', app: apps[0]!, key: key(0), phone: phone(0) }];
  const secondAt = Math.min(ops - 1, Math.max(2, Math.floor(ops / 3)));
  const lastUpload: Record<string, number | undefined> = {};
  for (let i = 1; i < ops; i += 1) {
    if (i === secondAt) {
      out.push({ kind: 'create', app: apps[1]!, key: key(i), phone: phone(1) });
      continue;
    }
    const app = i > secondAt && rnd() < 0.5 ? apps[1]! : apps[0]!;
    const marker = `d${n}-${i}`;
    const r = rnd();
    if (r < 0.35) {
      out.push({ kind: r < chunkedShare ? 'chunked' : 'upload', app, key: key(i), marker });
      lastUpload[app] = i;
    } else {
      // A step that refers to the photo just taken, as a form step with a photo field does.
      const photoOf = lastUpload[app];
      lastUpload[app] = undefined;
      out.push({
        kind: 'patch',
        app,
        key: key(i),
        marker,
        step: STEPS[Math.floor(rnd() * STEPS.length)]!,
        ...(photoOf !== undefined ? { photoOf } : {}),
      });
    }
  }
  return { ops: out, apps };
}

/** Chunked uploads send pieces this large (the server allows up to its chunk_size). */
export const LOAD_CHUNK_BYTES = 40 * 1024;

/** A JPEG whose bytes depend on the marker: the headers the server reads, then filler. A chunked one is larger. */
export function photo(marker: string, kind: FileOp['kind'] = 'upload'): Uint8Array<ArrayBuffer> {
  const seg = (m: number, p: number[]) => [0xff, m, ((p.length + 2) >> 8) & 0xff, (p.length + 2) & 0xff, ...p];
  const head = [0xff, 0xd8, ...seg(0xc0, [8, 0x04, 0xb0, 0x06, 0x40, 1, 1, 0x11, 0]), ...seg(0xda, [1, 1, 0, 0, 0x3f, 0])];
  const size = (kind === 'chunked' ? 2 * LOAD_CHUNK_BYTES : 4096) + ((marker.length * 97) % 4096);
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.length; i < size - 2; i += 1) out[i] = (marker.charCodeAt(i % marker.length) + i) % 250;
  out.set([0xff, 0xd9], size - 2);
  return out;
}

/** A borrower-draft step (the merge PATCH takes only those fields): the marker, the step, the photo it names. */
export const patchBody = (op: PatchOp, fileIds: Record<number, string>) => ({
  purpose: op.marker,
  address_type: op.step,
  ...(op.photoOf !== undefined ? { photo_file: fileIds[op.photoOf] } : {}),
});

export function countKinds(queues: Iterable<Op[]>) {
  const n = { uploads: 0, chunked_uploads: 0, patches: 0 };
  for (const ops of queues)
    for (const op of ops) {
      if (op.kind === 'upload') n.uploads += 1;
      if (op.kind === 'chunked') n.chunked_uploads += 1;
      if (op.kind === 'patch') n.patches += 1;
    }
  return n;
}
