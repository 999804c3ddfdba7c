// Starts the sandbox (built PWA + APIs) as a child process on a port, for scripts that drive a real browser.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Sandbox = { port: number; process: ChildProcess; stop(): void };

/** Waits up to 3 minutes for /api/main/health. Avoid ports browsers refuse (e.g. 4190, sieve). */
export async function startSandbox(port: number): Promise<Sandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flo-sandbox-'));
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: process.env.SANDBOX_DEBUG ? 'inherit' : 'ignore',
    detached: true,
  });
  const stop = () => {
    if (child.pid) process.kill(-child.pid);
  };
  for (let i = 0; i < 360; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/api/main/health`)).ok) return { port, process: child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('sandbox did not start');
}

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
};
