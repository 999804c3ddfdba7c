// Self-check of bench/net-shaper.ts: a known payload up and down through the shaper on a fresh connection
// must take bytes/bandwidth + 2 RTT (one for the handshake, one for the request and its answer) within 10 %.
// A transfer outside is timed once more; both attempts are reported.
// Usage: tsx bench/net-shaper.check.ts [--scale 10]   (prints JSON; exit 1 when a figure is out of tolerance)
import { createServer, connect } from 'node:net';
import { linkOf, PROFILES, type ProfileName, startShaper } from './net-shaper';

export const SHAPER_TOLERANCE = 0.1;
const TARGET_PORT = 4197;
const SHAPER_PORT = 4198;

export type ShaperCheck = {
  profile: ProfileName;
  scale: number;
  direction: 'up' | 'down';
  bytes: number;
  expected_ms: number;
  measured_ms: number;
  attempts_ms: number[];
  error: number;
  pass: boolean;
};

/** Sink/source: 'U' + u32 n + n bytes → answers 'K'; 'D' + u32 n → sends n bytes. */
function startTarget() {
  const server = createServer((s) => {
    let buf = Buffer.alloc(0);
    let want = -1;
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (want < 0 && buf.length >= 5) {
        const n = buf.readUInt32BE(1);
        if (buf[0] === 0x44) {
          s.write(Buffer.alloc(n, 7));
          buf = Buffer.alloc(0);
          return;
        }
        want = n + 5;
      }
      if (want >= 0 && buf.length >= want) {
        s.write('K');
        want = -1;
        buf = Buffer.alloc(0);
      }
    });
    s.on('error', () => undefined);
  });
  return new Promise<typeof server>((r) => server.listen(TARGET_PORT, '127.0.0.1', () => r(server)));
}

function transfer(direction: 'up' | 'down', bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const s = connect({ port: SHAPER_PORT, host: '127.0.0.1' });
    s.setNoDelay(true);
    let got = 0;
    s.on('connect', () => {
      const head = Buffer.alloc(5);
      head[0] = direction === 'up' ? 0x55 : 0x44;
      head.writeUInt32BE(bytes, 1);
      s.write(direction === 'up' ? Buffer.concat([head, Buffer.alloc(bytes, 3)]) : head);
    });
    s.on('data', (d: Buffer) => {
      got += d.length;
      if ((direction === 'up' && got >= 1) || (direction === 'down' && got >= bytes)) {
        const ms = performance.now() - t0;
        s.destroy();
        resolve(ms);
      }
    });
    s.on('error', reject);
  });
}

/** Measures each profile at `scale` with a payload sized to take ~`seconds` at the real (unscaled) uplink. */
export async function checkShaper(scale: number, bytesFor: (p: ProfileName, dir: 'up' | 'down') => number): Promise<ShaperCheck[]> {
  const target = await startTarget();
  const shaper = await startShaper({ listenPort: SHAPER_PORT, targetPort: TARGET_PORT, profile: PROFILES.slow4g, scale });
  const out: ShaperCheck[] = [];
  try {
    for (const profile of Object.keys(PROFILES) as ProfileName[]) {
      shaper.configure(PROFILES[profile], scale);
      const link = linkOf(PROFILES[profile], scale);
      for (const direction of ['up', 'down'] as const) {
        const bytes = bytesFor(profile, direction);
        const expected =
          direction === 'up'
            ? ((bytes + 5) / link.upBytesPerS) * 1000 + 2 * link.rttMs
            : (5 / link.upBytesPerS + bytes / link.downBytesPerS) * 1000 + 2 * link.rttMs;
        // A transfer out of tolerance is timed once more (a busy 2-core machine can stall this process
        // for a moment); both attempts are kept in the result.
        const attempts: number[] = [];
        let measured = 0;
        let error = 0;
        for (let i = 0; i < 2; i += 1) {
          measured = await transfer(direction, bytes);
          attempts.push(Math.round(measured));
          error = measured / expected - 1;
          if (Math.abs(error) <= SHAPER_TOLERANCE) break;
        }
        out.push({
          profile,
          scale,
          direction,
          bytes,
          expected_ms: Math.round(expected),
          measured_ms: Math.round(measured),
          attempts_ms: attempts,
          error: Number(error.toFixed(4)),
          pass: Math.abs(error) <= SHAPER_TOLERANCE,
        });
      }
    }
  } finally {
    await shaper.close();
    await new Promise((r) => target.close(r));
  }
  return out;
}

/** Real-speed check (scale 1) with 256 KB each way, plus the same at the benchmark's scale with 8× the bytes. */
export async function shaperSelfCheck(benchScale: number): Promise<ShaperCheck[]> {
  const real = await checkShaper(1, () => 256 * 1024);
  const scaled = benchScale === 1 ? [] : await checkShaper(benchScale, () => 2 * 1024 * 1024);
  return [...real, ...scaled];
}

if (process.argv[1]?.endsWith('net-shaper.check.ts')) {
  const i = process.argv.indexOf('--scale');
  const checks = await shaperSelfCheck(i > 0 ? Number(process.argv[i + 1]) : 10);
  console.log(JSON.stringify(checks, null, 2));
  if (!checks.every((c) => c.pass)) process.exitCode = 1;
}
