// A request body costs the server no more than its route allows: a request with an Idempotency-Key must not be buffered
// whole before the rate limit, a chunked JSON body must not be read whole before the 64 KB check, and a POST with a key
// to an unknown path must keep no row. Bodies are bounded by their route's limit while they stream in, before the
// idempotency layer and any rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_MSG } from '../respond';
import { makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer({ joinUsRequestsPerIp: 1, joinUsUploadsPerIp: 1 });
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

/** A body of `total` bytes sent chunked (no Content-Length), counting how much the server pulled. */
function chunked(total: number, first = '{"note":"') {
  const pulled = { bytes: 0 };
  const piece = new TextEncoder().encode('x'.repeat(16 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (sent >= total) return ctl.close();
      const chunk = sent === 0 ? new TextEncoder().encode(first) : piece;
      sent += chunk.length;
      pulled.bytes = sent;
      ctl.enqueue(chunk);
    },
  });
  return { body, pulled };
}

const send = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  s.app.fetch(
    new Request(`http://sahayog.localhost/api/main${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit),
  );

describe('bounded before buffered', () => {
  it('a chunked JSON body over 64 KB is refused while it streams, not read whole', async () => {
    const { body, pulled } = chunked(20 * 1024 * 1024);
    const r = await send('/v1/join-us/request', body);
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ message: BODY_MSG.tooLarge });
    expect(pulled.bytes).toBeLessThan(1024 * 1024);
  });

  it("an Idempotency-Key does not make the server buffer a large body before the route's limit", async () => {
    const { body, pulled } = chunked(20 * 1024 * 1024);
    const r = await send('/v1/join-us/request', body, { 'idempotency-key': 'big-1', token });
    expect(r.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(1024 * 1024);
  });

  it("a declared Content-Length over a JSON route's limit is refused before a byte is read", async () => {
    const { body, pulled } = chunked(20 * 1024 * 1024);
    const r = await send('/v1/uploads', body, { 'content-length': String(70 * 1024 * 1024), token, 'idempotency-key': 'big-2' });
    expect(r.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(1024 * 1024);
  });

  it('a key sent to an unknown path keeps no row; a known write route still does', async () => {
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys'))[0]!.n;
    const unknown = await send('/v1/no-such-thing', '{}', { 'idempotency-key': 'nowhere-1', token });
    expect(unknown.status).toBe(404);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys'))[0]!.n).toBe(before);
    const known = await send('/v1/uploads', JSON.stringify({ file_name: 'a.pdf', mime_type: 'application/pdf', size: 10 }), {
      'idempotency-key': 'known-1',
      token,
    });
    expect(known.status).toBe(200);
    const rows = await s.db.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE key = 'known-1'`);
    expect(rows).toHaveLength(1);
  });
});
