// What the browser benchmarks share: signing the seeded officer in through the real login screen, and drawing a
// camera-like picture in the page (canvas), so every benchmark measures the same kind of photo.
import { passPin } from '../tests/e2e/helpers';
import type { Page } from '@playwright/test';

/** Signs 9000000001 (or `mobile`) in with the sandbox OTP and waits until the service worker controls the page. */
export async function signInOfficer(page: Page, base: string, mobile = '9000000001') {
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByLabel('OTP').fill('123456');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  // A first sign-in on the phone sets the officer's PIN.
  await passPin(page);
  await page.getByText(/Hello /).waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  // The app keeps the PIN form a signed-in start draws before its code (public/early-form.js) once it is idle.
  await page.waitForFunction(() => localStorage.getItem('flo.early-unlock') !== null);
}

/**
 * Timing marks of the PIN unlock, installed in every document before the app (context.addInitScript), from the
 * document's navigation start (performance.now()):
 * - `__pinShownAt`: the frame after the unlock screen's PIN field is in the DOM (the PIN screen is interactive);
 * - `__pinSubmittedAt`: when the unlock form was submitted (the Unlock button).
 * Only what the screen shows and when; nothing of the app's data or key.
 */
export const PIN_PROBE = `(() => {
  const w = window;
  document.addEventListener('submit', (e) => {
    if (e.target instanceof HTMLFormElement && e.target.getAttribute('aria-label') === 'Unlock' && w.__pinSubmittedAt === undefined) w.__pinSubmittedAt = performance.now();
  }, true);
  const obs = new MutationObserver(() => {
    if (!document.querySelector('form[aria-label="Unlock"] input[type="password"]')) return;
    obs.disconnect();
    requestAnimationFrame(() => { w.__pinShownAt = performance.now(); });
  });
  obs.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Unlocks a page that shows 'Enter your PIN' (a reload, a new page) with `passPin`, and returns from the document's
 * navigation start: when the PIN screen became interactive and when the PIN was submitted. The time the officer
 * spends typing lies between the two and is no part of either figure. Needs PIN_PROBE.
 */
export async function unlockTimed(page: Page): Promise<{ pinShownAt: number; pinSubmittedAt: number }> {
  await page.waitForFunction(() => (window as unknown as { __pinShownAt?: number }).__pinShownAt !== undefined, null, { timeout: 60_000 });
  await passPin(page);
  return page.evaluate(() => {
    const w = window as unknown as { __pinShownAt: number; __pinSubmittedAt: number };
    return { pinShownAt: w.__pinShownAt, pinSubmittedAt: w.__pinSubmittedAt };
  });
}

/**
 * The stored values are ciphertext, so a benchmark cannot read a draft back from IndexedDB. Instead this
 * init script (context.addInitScript) records, for every put into the `drafts` and `files` stores, only what is
 * stored in clear: the database, store and key, when its transaction was created, when the put was issued and when
 * the transaction completed (the row is then in IndexedDB) or aborted. In `window.__idbPuts` (IdbPut[]).
 * Dexie creates a write's transaction synchronously inside the app's `put` call, in the same task in which the form's
 * value was read, so a transaction created after an edit's input event carries that edit.
 */
export const IDB_PUT_PROBE = `(() => {
  const w = window;
  const puts = (w.__idbPuts = []);
  const created = new WeakMap();
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function () {
    const tx = transaction.apply(this, arguments);
    created.set(tx, performance.now());
    return tx;
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    const req = put.apply(this, arguments);
    if (this.name === 'drafts' || this.name === 'files') {
      const tx = this.transaction;
      const inline = typeof this.keyPath === 'string' && value && typeof value === 'object' ? value[this.keyPath] : undefined;
      const rec = { db: tx.db.name, store: this.name, key: String(arguments.length > 1 ? key : inline), txCreatedAt: created.get(tx) ?? -1, putAt: performance.now() };
      puts.push(rec);
      tx.addEventListener('complete', () => { rec.doneAt = performance.now(); });
      tx.addEventListener('abort', () => { rec.aborted = true; });
    }
    return req;
  };
})();`;

/** One put recorded by IDB_PUT_PROBE (times from the document's navigation start). */
export type IdbPut = { db: string; store: string; key: string; txCreatedAt: number; putAt: number; doneAt?: number; aborted?: boolean };

/**
 * When the row `key` of `store` that carries everything edited up to `after` was in IndexedDB: the completion of the
 * first put into it whose transaction was created after `after` (null if none completed within `timeoutMs`).
 */
export async function persistedAfter(page: Page, store: string, key: string, after: number, timeoutMs = 10_000): Promise<number | null> {
  const handle = await page
    .waitForFunction(
      ([store, key, after]) => {
        const puts = (window as unknown as { __idbPuts: IdbPut[] }).__idbPuts;
        const done = puts
          .filter((p) => p.store === store && p.key === key && p.txCreatedAt > after && p.doneAt !== undefined)
          .map((p) => p.doneAt!);
        return done.length ? Math.min(...done) : false;
      },
      [store, key, after] as const,
      { timeout: timeoutMs, polling: 20 },
    )
    .catch(() => null);
  return handle ? ((await handle.jsonValue()) as number) : null;
}

/** From home, through the UI: a new application (mobile, name, Save and continue) up to its borrower form. Returns its id. */
export async function createApplication(page: Page, base: string, phone: string, name: string): Promise<string> {
  await page.goto(`${base}/#/`);
  await page.getByRole('link', { name: 'Create Application' }).click();
  await page.getByLabel('Borrower mobile number').fill(phone);
  await page.getByText(/No application with this number yet/).waitFor();
  await page.getByLabel('Borrower name').fill(name);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('form', { name: 'Borrower details' }).waitFor();
  return new URL(page.url().replace('#/', '')).searchParams.get('id')!;
}

/** A new application (createApplication), then its KYC screen ('Borrowers Info'). Returns its id. */
export async function openKycScreen(page: Page, base: string, phone: string, name: string): Promise<string> {
  const id = await createApplication(page, base, phone, name);
  await page.goto(`${base}/#/application/kyc?id=${id}`);
  await page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
  return id;
}

/**
 * A camera-like picture (12 MP by default): gradient, shapes, optional caption, optional shop sign and grain, as
 * a phone JPEG at quality 0.92, deterministic per seed. The sign is a board across the top with its lines at
 * 260, 130, 80 and 50 px (104 to 20 px once the app scales 4000 px to 1600), to check text stays legible.
 * Needs `globalThis.__name` in the page (tsx names inner functions).
 */
export async function cameraJpeg(
  page: Page,
  seed: number,
  opts: { width?: number; height?: number; caption?: string; sign?: string[] } = {},
): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ([seed, w, h, caption, sign]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, `hsl(${seed * 47} 60% 70%)`);
      grad.addColorStop(1, `hsl(${seed * 47 + 120} 50% 30%)`);
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      let x = seed * 9973;
      const rnd = () => {
        x = (x * 16807) % 2147483647;
        return x / 2147483647;
      };
      for (let i = 0; i < 400; i += 1) {
        g.fillStyle = `hsla(${rnd() * 360} 55% ${30 + rnd() * 50}% / .8)`;
        g.fillRect(rnd() * w, rnd() * h, 50 + rnd() * 400, 50 + rnd() * 400);
      }
      if (caption) {
        g.fillStyle = '#111';
        g.font = '120px sans-serif';
        g.fillText(caption, 200, h / 2);
      }
      if (sign.length) {
        const sizes = [260, 130, 80, 50];
        g.fillStyle = '#7f1d1d';
        g.fillRect(w * 0.06, h * 0.08, w * 0.88, h * 0.34);
        g.fillStyle = '#facc15';
        g.fillRect(w * 0.06 + 30, h * 0.08 + 30, w * 0.88 - 60, h * 0.34 - 60);
        g.fillStyle = '#111';
        g.textAlign = 'center';
        let y = h * 0.08 + 80;
        sign.slice(0, sizes.length).forEach((line, i) => {
          g.font = `${i === 0 ? 'bold ' : ''}${sizes[i]}px sans-serif`;
          y += sizes[i]! * 1.6;
          g.fillText(line, w / 2, y, w * 0.88 - 120);
        });
        g.textAlign = 'start';
      }
      const img = g.getImageData(0, 0, w, h);
      for (let i = 0; i < img.data.length; i += 4) {
        const n = (rnd() - 0.5) * 18;
        img.data[i]! += n;
        img.data[i + 1]! += n;
        img.data[i + 2]! += n;
      }
      g.putImageData(img, 0, 0);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.92));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    [seed, opts.width ?? 4000, opts.height ?? 3000, opts.caption ?? '', opts.sign ?? []] as const,
  );
  return Buffer.from(b64, 'base64');
}
