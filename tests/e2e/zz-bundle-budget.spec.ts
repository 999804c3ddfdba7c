// The byte budgets of DESIGN §6 on the very build this e2e run serves (timing budgets stay in `npm run bench`,
// where machine noise cannot fail CI).
import { expect, test } from '@playwright/test';
import { measureBundle } from '../../bench/bundle-measure';

test('the build keeps initial JS ≤ 120 KB gzip and the precache ≤ 1.5 MB', () => {
  const m = measureBundle('dist');
  expect(m.initial_files.length).toBeGreaterThan(0);
  expect(m.precache_entries).toBeGreaterThan(10);
  expect(m.initial_js_gzip_bytes).toBeLessThanOrEqual(m.initial_js_budget_bytes);
  expect(m.precache_bytes).toBeLessThanOrEqual(m.precache_budget_bytes);
});
