// The layer rules of docs/architecture.md are Biome noRestrictedImports overrides in biome.json. This runs Biome with
// that very file over a small tree with one import of each kind, so a rule that stopped firing fails here.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');

const FILES: Record<string, string> = {
  'src/features/home/cross-feature.ts': "import { BorrowerForm } from '../borrower/borrower-form';",
  'src/features/home/into-app.ts': "import { APP_RESULT_HANDLERS } from '../../app/result-handlers';",
  'src/features/home/allowed.ts':
    "import { useDraft } from '../../forms/use-draft';\nimport { toast } from '../../lib/toast';\nimport { x } from './sibling';",
  'src/forms/into-feature.ts': "import { KycScreen } from '../features/kyc/kyc-screen';",
  'src/forms/allowed.ts': "import { enqueue } from '../sync/enqueue';",
  'src/sync/into-feature.ts': "const load = () => import('../features/borrower/verification-ops');",
  'src/sync/into-forms.ts': "import { useDraft } from '../forms/use-draft';",
  'src/api/into-app.ts': "import { apiBase } from '../app/runtime-config';",
  'src/api/tenant/into-feature.ts': "import { LoginScreen } from '../../features/auth/login-screen';",
  'src/features/home/through-features.ts': "import { BorrowerForm } from '../../features/borrower/borrower-form';",
  'src/review/into-feature.ts': "import { KycScreen } from '../features/kyc/kyc-screen';",
  'src/review/allowed.ts':
    "import { useDraft } from '../forms/use-draft';\nimport { PhotoField } from '../photos/photo-field';\nimport { settleStep } from '../ops/settle-step';\nimport { isRejected } from '../workflow/rejection';\nimport { useProfile } from '../session/profile-store';",
  'src/forms/into-review.ts': "import { ReviewSummary } from '../review/review-summary';",
  'src/photos/into-forms.ts': "import { useDraft } from '../forms/use-draft';",
  'src/ops/into-photos.ts': "import { queuePhoto } from '../photos/queue-photo';",
  'src/ops/allowed.ts': "import { isRejected } from '../workflow/rejection';\nimport { stagePath } from '../session/flow-context';",
  'src/workflow/into-ops.ts': "import { enqueueCheck } from '../ops/verification-ops';",
  'src/session/into-workflow.ts': "import { isRejected } from '../workflow/rejection';",
  'src/db/into-session.ts': "import { useProfile } from '../session/profile-store';",
  'contracts/into-src.ts': "import { formatDate } from '../src/lib/format';",
  'src/app/allowed.ts': "import { KycScreen } from '../features/kyc/kyc-screen';\nimport { useDraft } from '../forms/use-draft';",
};

let out = '';
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flo-layers-'));
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${text}\nexport const used = 1;\n`);
  }
  try {
    out = execFileSync(biome, ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=100', 'src', 'contracts'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    out = `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const flagged = () => new Set([...out.matchAll(/^((?:src|contracts)\/\S+?):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]));

describe('layer rules (biome.json)', () => {
  it.each(Object.keys(FILES).filter((p) => !p.endsWith('allowed.ts')))('refuse %s', (path) => {
    expect(flagged()).toContain(path);
  });
  it.each(Object.keys(FILES).filter((p) => p.endsWith('allowed.ts')))('allow %s', (path) => {
    expect(flagged().has(path)).toBe(false);
  });
  it('say why', () => {
    expect(out).toContain('A feature imports no other feature');
  });
});
