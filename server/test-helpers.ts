import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApp } from './app';
import { makeConfig, type ServerConfig } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { openTestDb } from './db/test-db';
import type { LogEntry, Logger } from './logger';
import { createFaultInjector, type FaultInjector } from './middleware/fault-injection';
import { createDirFileStore } from './storage/file-store';

export type TestServer = {
  app: ReturnType<typeof createApp>;
  db: Db;
  /** 'postgres' when TEST_DATABASE_URL is set (each server gets its own new database), else in-memory PGlite. */
  dbKind: 'pglite' | 'postgres';
  config: ServerConfig;
  logs: LogEntry[];
  fileDir: string;
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  /**
   * Another app instance on the same database and file store (its own connection pool on Postgres),
   * as a second server process behind a load balancer would be. Closed with this server.
   */
  anotherInstance(opts?: { faults?: FaultInjector }): Promise<{ app: ReturnType<typeof createApp>; db: Db }>;
  close(): Promise<void>;
};

/**
 * An app on a fresh database (in-memory PGlite, or a new Postgres database when TEST_DATABASE_URL is set)
 * and a temp-dir file store, with a movable clock and captured logs.
 */
export async function makeTestServer(overrides: Partial<ServerConfig> = {}, opts: { faults?: FaultInjector } = {}): Promise<TestServer> {
  const testDb = await openTestDb(undefined, { seeded: true });
  const db = testDb.db;
  await migrate(db);
  await seed(db);
  const fileDir = await mkdtemp(join(tmpdir(), 'sandbox-files-'));
  let offset = 0;
  // Generous OTP and public-call limits by default (every in-process request shares the address 'unknown'); rate-limit
  // tests pass real ones.
  const config = makeConfig({
    fileUrlSecret: 'test-secret',
    distDir: join(fileDir, 'no-dist'),
    otpMaxPerIp: 10_000,
    otpMaxPerMobile: 10_000,
    joinUsUploadsPerIp: 10_000,
    joinUsRequestsPerIp: 10_000,
    trackPerIp: 10_000,
    now: () => new Date(Date.now() + offset),
    ...overrides,
  });
  const logs: LogEntry[] = [];
  const log: Logger = { info: (e) => logs.push(e), error: (e) => logs.push(e) };
  const files = createDirFileStore(fileDir);
  const app = createApp({ db, files, config, log, faults: opts.faults });
  return {
    app,
    db,
    dbKind: testDb.kind,
    config,
    logs,
    fileDir,
    advance: (ms) => {
      offset += ms;
    },
    async anotherInstance(more = {}) {
      const second = await testDb.connect();
      return { app: createApp({ db: second, files, config, log, faults: more.faults }), db: second };
    },
    close: async () => {
      await testDb.drop();
      await rm(fileDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; contract schemas check the shapes that matter.
type Json = Record<string, any>;

export async function call(
  app: TestServer['app'],
  method: string,
  path: string,
  opts: { host?: string; token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; base?: string } = {},
): Promise<{ status: number; body: Json; res: Response }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const url = `http://${opts.host ?? 'sahayog.localhost'}${opts.base ?? '/api/main'}${path}`;
  const res = await app.fetch(new Request(url, { method, headers, body }));
  const text = await res.clone().text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    /* binary or empty */
  }
  return { status: res.status, body: parsed, res };
}

export async function sendOtp(app: TestServer['app'], mobile: string, host = 'sahayog.localhost') {
  return call(app, 'POST', '/v1/auth/send-otp', { host, json: { mobile, hostname: host }, headers: { 'x-client-type': 'web' } });
}

/** Signs a seeded staff member in through send + verify and returns the token. */
export async function signIn(app: TestServer['app'], mobile = '9000000001', host = 'sahayog.localhost', otp = '123456'): Promise<string> {
  const sent = await sendOtp(app, mobile, host);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const verified = await call(app, 'POST', '/v1/auth/verify-otp', { host, json: { session_id: sent.body.data.session_id, otp } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data.token as string;
}

/** A public visitor verifies a mobile through POST /v1/otp/send + verify: its guest token and application id. */
export async function publicSignIn(
  app: TestServer['app'],
  mobile: string,
  host = 'sahayog.localhost',
  otp = '123456',
): Promise<{ token: string; applicationId: string }> {
  const sent = await call(app, 'POST', '/v1/otp/send', { host, json: { mobile, hostname: host } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const verified = await call(app, 'POST', '/v1/otp/verify', { host, json: { session_id: sent.body.data.session_id, otp } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { token: verified.body.data.token as string, applicationId: verified.body.data.application_id as string };
}

// Minimal images: only the headers the server reads, enough for type and dimension checks.
export function pngBytes(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33 + 12);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const dv = new DataView(b.buffer);
  dv.setUint32(16, width);
  dv.setUint32(20, height);
  b.set([8, 2, 0, 0, 0], 24);
  b.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], 33);
  return b;
}

export const GPS_MARKER = 'GPSLatitude=18.5204';

/** SOI, an APP1 EXIF segment carrying a GPS marker, APP0, SOF0 with the given size, SOS, data, EOI. */
export function jpegBytes(width = 640, height = 480, withExif = true): Uint8Array {
  const seg = (marker: number, payload: number[]) => [
    0xff,
    marker,
    ((payload.length + 2) >> 8) & 0xff,
    (payload.length + 2) & 0xff,
    ...payload,
  ];
  const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
  const parts = [
    0xff,
    0xd8,
    ...(withExif ? seg(0xe1, [...ascii('Exif'), 0, 0, ...ascii(GPS_MARKER)]) : []),
    ...seg(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...seg(0xc0, [8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0]),
    ...seg(0xda, [1, 1, 0, 0, 0x3f, 0]),
    0x12,
    0x34,
    0x56,
    0x78,
    0xff,
    0xd9,
  ];
  return new Uint8Array(parts);
}

export const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export function form(fields: Record<string, string | Blob | Blob[]>, fileName = 'photo.jpg'): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) {
      for (const [i, b] of v.entries()) fd.append(k, b, `${i}-${fileName}`);
    } else if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, v, fileName);
  }
  return fd;
}

export const blob = (bytes: Uint8Array, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });

export type TwoInstances = { s: TestServer; a: TestServer['app']; b: TestServer['app']; faultsA: FaultInjector; token: string };

/** Two app instances on one database, faults injectable on the first, an officer signed in: call in beforeAll. */
export async function twoInstances(): Promise<TwoInstances> {
  const faultsA = createFaultInjector();
  const s = await makeTestServer({}, { faults: faultsA });
  const b = (await s.anotherInstance()).app;
  return { s, a: s.app, b, faultsA, token: await signIn(s.app) };
}
