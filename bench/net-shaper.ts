// A loopback TCP proxy that makes a link look like Slow 4G or 3G: every byte in each
// direction passes one shared token bucket (the link's up or down bandwidth, shared by all connections,
// as on a phone's one radio link) and then waits half the RTT. A new connection's first byte waits one
// extra RTT (the TCP handshake the loopback accept skips). Node `net` only, no outside service.
//
// `scale` speeds the whole link up by a factor: bandwidth × scale, RTT ÷ scale. Transfer times and
// round trips shrink by the same factor, so a run takes 1/scale of the time; local work (client,
// server) does not shrink, so a scaled run charges it scale× more than the real link would: ratios
// measured scaled are conservative for whoever makes more requests or does more local work.
//
// Library: startShaper(). CLI (used by bench/day-sync.ts to keep the shaper off the busy processes):
//   tsx bench/net-shaper.ts --listen 4196 --target 4195 --profile slow4g --scale 10
// then IPC messages { type: 'stats' | 'reset' | 'configure', profile?, scale? }.
// Self-check: tsx bench/net-shaper.check.ts.
import { createServer, type Server, type Socket, connect } from 'node:net';

export type Profile = { name: string; rttMs: number; downKbps: number; upKbps: number };

export const PROFILES: Record<'slow4g' | '3g', Profile> = {
  slow4g: { name: 'Slow 4G', rttMs: 150, downKbps: 1600, upKbps: 750 },
  '3g': { name: '3G', rttMs: 300, downKbps: 700, upKbps: 400 },
};
export type ProfileName = keyof typeof PROFILES;

export type LinkParams = { rttMs: number; upBytesPerS: number; downBytesPerS: number };

/** The link a profile stands for, sped up `scale` times. */
export function linkOf(p: Profile, scale = 1): LinkParams {
  return { rttMs: p.rttMs / scale, upBytesPerS: (p.upKbps * 1000 * scale) / 8, downBytesPerS: (p.downKbps * 1000 * scale) / 8 };
}

export type ShaperStats = { bytesUp: number; bytesDown: number; connections: number };

const now = () => performance.now();
/** Bytes a socket may have inside the shaper before we stop reading it (TCP's window, roughly). */
const HIGH_WATER = 64 * 1024;
const LOW_WATER = 16 * 1024;
/** Largest piece the bucket lets through at once. */
const PIECE = 4 * 1024;

type Item = { buf: Buffer; out: DelayLine };

/** What arrives after the one-way delay, in order, for one socket direction. */
class DelayLine {
  private q: Array<{ at: number; buf: Buffer }> = [];
  private timer: NodeJS.Timeout | null = null;
  pending = 0;
  ended = false;
  constructor(
    private readonly write: (b: Buffer) => void,
    private readonly onDrained: () => void,
    private readonly end: () => void,
  ) {}
  push(at: number, buf: Buffer) {
    this.q.push({ at, buf });
    this.arm();
  }
  finish() {
    this.ended = true;
    this.arm();
  }
  private arm() {
    if (this.timer) return;
    const head = this.q[0];
    if (!head) {
      if (this.ended && this.pending === 0) this.end();
      return;
    }
    this.timer = setTimeout(() => this.flush(), Math.max(0, head.at - now()));
  }
  private flush() {
    this.timer = null;
    const t = now();
    while (this.q[0] && this.q[0].at <= t + 0.5) {
      const { buf } = this.q.shift()!;
      this.pending -= buf.length;
      this.write(buf);
    }
    this.onDrained();
    this.arm();
  }
}

/** One direction of the link: a token bucket shared by every connection, then the one-way delay. */
class Link {
  private tokens: number;
  private last = now();
  private queue: Item[] = [];
  private timer: NodeJS.Timeout | null = null;
  private rate = 0;
  private burst = 0;
  delayMs = 0;
  bytes = 0;
  constructor(bytesPerS: number, delayMs: number) {
    this.set(bytesPerS, delayMs);
    this.tokens = this.burst;
  }
  set(bytesPerS: number, delayMs: number) {
    this.rate = bytesPerS / 1000; // bytes per ms
    // Big enough that a late timer does not waste tokens, small enough to be a few % of any transfer we time.
    this.burst = Math.max(4096, this.rate * 10);
    this.delayMs = delayMs;
    this.tokens = Math.min(this.tokens ?? this.burst, this.burst);
  }
  send(item: Item) {
    this.queue.push(item);
    this.pump();
  }
  private pump() {
    if (this.timer) return;
    for (;;) {
      const t = now();
      this.tokens = Math.min(this.burst, this.tokens + (t - this.last) * this.rate);
      this.last = t;
      const head = this.queue[0];
      if (!head) return;
      // A piece may leave while the bucket holds any token; the bucket then goes into debt and the next
      // piece waits until it is paid back. Late timers therefore lose no bandwidth (waiting for a full
      // bucket would: refill above the cap is dropped).
      if (this.tokens <= 0) {
        this.timer = setTimeout(
          () => {
            this.timer = null;
            this.pump();
          },
          Math.max(1, -this.tokens / this.rate),
        );
        return;
      }
      const size = Math.min(head.buf.length, PIECE);
      this.tokens -= size;
      const piece = head.buf.subarray(0, size);
      if (size === head.buf.length) this.queue.shift();
      else head.buf = head.buf.subarray(size);
      this.bytes += size;
      head.out.push(t + this.delayMs, piece);
    }
  }
}

export type Shaper = {
  port: number;
  stats(): ShaperStats;
  reset(): void;
  configure(profile: Profile, scale?: number): void;
  close(): Promise<void>;
};

export async function startShaper(opts: {
  listenPort: number;
  targetPort: number;
  targetHost?: string;
  profile: Profile;
  scale?: number;
}): Promise<Shaper> {
  let link = linkOf(opts.profile, opts.scale ?? 1);
  const up = new Link(link.upBytesPerS, link.rttMs / 2);
  const down = new Link(link.downBytesPerS, link.rttMs / 2);
  let connections = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    connections += 1;
    const upstream = connect({ port: opts.targetPort, host: opts.targetHost ?? '127.0.0.1' });
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const kill = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', kill);
    upstream.on('error', kill);
    client.on('close', kill);
    upstream.on('close', kill);

    // Before upstream connects, writes are buffered by the socket; fine on loopback.
    const pipe = (from: Socket, to: Socket, dir: Link, handshake: boolean) => {
      const line = new DelayLine(
        (b) => {
          if (!to.destroyed) to.write(b);
        },
        () => {
          if (from.isPaused() && line.pending < LOW_WATER) from.resume();
        },
        () => {
          if (!to.destroyed) to.end();
        },
      );
      // The handshake: nothing from the client enters the link before one RTT after the accept.
      let held: Buffer[] | null = null;
      if (handshake) {
        held = [];
        setTimeout(() => {
          for (const buf of held!) dir.send({ buf, out: line });
          held = null;
        }, link.rttMs);
      }
      from.on('data', (buf: Buffer) => {
        line.pending += buf.length;
        if (held) held.push(buf);
        else dir.send({ buf, out: line });
        if (line.pending > HIGH_WATER) from.pause();
      });
      from.on('end', () => {
        // Ends travel behind the data: mark the line ended once the bucket has passed everything.
        const wait = () => (line.pending === 0 ? line.finish() : setTimeout(wait, 5));
        wait();
      });
    };
    pipe(client, upstream, up, true);
    pipe(upstream, client, down, false);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.listenPort, '127.0.0.1', () => resolve());
  });
  return {
    port: opts.listenPort,
    stats: () => ({ bytesUp: up.bytes, bytesDown: down.bytes, connections }),
    reset() {
      up.bytes = 0;
      down.bytes = 0;
      connections = 0;
    },
    configure(profile, scale = 1) {
      link = linkOf(profile, scale);
      up.set(link.upBytesPerS, link.rttMs / 2);
      down.set(link.downBytesPerS, link.rttMs / 2);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// CLI: a shaper in its own process, driven over IPC.
if (process.argv[1]?.endsWith('net-shaper.ts')) {
  const arg = (name: string, dflt: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1]! : dflt;
  };
  const profile = PROFILES[arg('profile', 'slow4g') as ProfileName];
  const shaper = await startShaper({
    listenPort: Number(arg('listen', '4196')),
    targetPort: Number(arg('target', '4195')),
    profile,
    scale: Number(arg('scale', '1')),
  });
  type Msg = { id: number; type: 'stats' | 'reset' | 'configure' | 'close'; profile?: ProfileName; scale?: number };
  process.on('message', async (m: Msg) => {
    if (m.type === 'reset') shaper.reset();
    if (m.type === 'configure') shaper.configure(PROFILES[m.profile!], m.scale);
    if (m.type === 'close') await shaper.close();
    process.send?.({ id: m.id, stats: shaper.stats() });
    if (m.type === 'close') process.exit(0);
  });
  process.send?.({ id: 0, ready: true });
  process.on('disconnect', () => process.exit(0));
}
