// `npm start`: build the PWA when it is missing, then serve PWA + sandbox APIs on one URL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const dist = process.env.DIST_DIR ?? 'dist';
if (!existsSync(`${dist}/index.html`) || process.env.REBUILD === '1') {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('PWA build failed; serving the APIs only.');
  }
}
const server = spawnSync('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 1);
