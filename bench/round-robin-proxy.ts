// The load balancer of the load run's cluster shape: every request goes to the next instance in turn (the
// chunks of one upload, its finalize, and the step submits of one application land on different instances).
// Plain HTTP/1.1 on loopback, bodies streamed both ways; an instance that cannot be reached answers 502.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Proxy = { url: string; sent: number[]; close(): Promise<void> };

export async function startRoundRobinProxy(targets: readonly string[]): Promise<Proxy> {
  const upstreams = targets.map((t) => new URL(t));
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sent = targets.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next;
    next = (next + 1) % upstreams.length;
    sent[i]! += 1;
    const to = upstreams[i]!;
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"success":false,"message":"Bad gateway","status_code":502}');
    });
    // The client went away (a device restart): stop the upstream request too, as a real proxy does.
    req.on('aborted', () => up.destroy());
    req.pipe(up);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
        agent.destroy();
      }),
  };
}
