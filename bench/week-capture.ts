// A week in the field captured in a real Chromium against the production build, for bench/week-storage.ts
// and bench/memory-photos.ts. 20 new applications, each with 20 photos and 5 PDFs (400 and 100), stored sealed:
// - at the branch, online: each application started through the UI (Create Application: mobile, name, Save);
// - then offline for the week, per application, through the UI: its KYC screen, 5 photos picked into its five
//   photo fields (setInputFiles; the real resize pipeline in the worker, sealed and queued as a pick is);
// - the bulk, through the app's own store path in the page (`__floCapture`, VITE_E2E_HOOKS builds only,
//   src/photos/e2e-capture.ts: the same preparePhoto + queuePhoto a pick runs): 15 more photos and 5 bank-statement
//   PDFs per application. 375 more picks through the UI would add ~4 minutes of screen navigation to `npm run bench`
//   and measure nothing the 100 UI picks do not.
// The photos are the day benchmark's 12 MP camera JPEGs with GPS EXIF (bench/day-fixtures.ts, 20 originals reused);
// the PDFs its incompressible 100 KB–2 MB statements.
import type { Page } from '@playwright/test';
import { createApplication } from './browser-kit';
import { dayPhotos, makePdf, PDF_SIZES } from './day-fixtures';

export const WEEK = { apps: Number(process.env.BENCH_WEEK_APPS ?? 20), photosPerApp: 20, pdfsPerApp: 5, uiPhotosPerApp: 5 };
export const KYC_FIELDS = ['Borrower photo', 'PAN card', 'Aadhaar front', 'Aadhaar back', 'Voter ID card'];
const FIRST = ['Sunita', 'Ramesh', 'Lakshmi', 'Imran', 'Kavita', 'Arjun', 'Meena', 'Suresh', 'Farida', 'Gopal'];
export type WeekApp = { id: string; phone: string; name: string };

/** At the branch, online: one application through Create Application. */
async function startApplication(page: Page, base: string, i: number): Promise<WeekApp> {
  const phone = `97${String(31_000_000 + i).padStart(8, '0')}`;
  const name = `${FIRST[i % FIRST.length]} Week ${i + 1}`;
  return { id: await createApplication(page, base, phone, name), phone, name };
}

/** Hands the week's originals to the page once, as Blobs (`window.__week`), so the bulk needs no transfer per file. */
async function stageOriginals(page: Page, photos: Buffer[], pdfs: Buffer[]) {
  if (await page.evaluate(() => !!(window as unknown as { __week?: unknown }).__week)) return;
  await page.evaluate(() => {
    (window as unknown as { __week: { photos: Blob[]; pdfs: Blob[] } }).__week = { photos: [], pdfs: [] };
  });
  for (const [kind, list, mime] of [
    ['photos', photos, 'image/jpeg'],
    ['pdfs', pdfs, 'application/pdf'],
  ] as const) {
    for (const b of list) {
      await page.evaluate(
        ([kind, b64, mime]) => {
          const bin = atob(b64);
          const bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
          (window as unknown as { __week: Record<string, Blob[]> }).__week[kind]!.push(new Blob([bytes], { type: mime }));
        },
        [kind, b.toString('base64'), mime] as const,
      );
    }
  }
}

/** The bulk of one application: photos and PDFs through the app's own store path, one after another as picks come. */
async function captureBulk(page: Page, app: WeekApp, first: number, photos: number, pdfs: number): Promise<number> {
  // Exposed once the PIN has unlocked the page (src/app/officer-runtime.tsx).
  await page.waitForFunction(() => !!globalThis.__floCapture, null, { timeout: 30_000 });
  return page.evaluate(
    async ({ app, first, photos, pdfs }) => {
      const w = window as unknown as { __week: { photos: Blob[]; pdfs: Blob[] } };
      const capture = globalThis.__floCapture;
      if (!capture) throw new Error('no __floCapture: build with VITE_E2E_HOOKS=1');
      let n = 0;
      for (let j = 0; j < photos; j += 1) {
        const src = w.__week.photos[(first + j) % w.__week.photos.length]!;
        const file = new File([src], `IMG_2026112${j}_${app.id.slice(0, 6)}.jpg`, { type: 'image/jpeg' });
        await capture(
          {
            appId: app.id,
            field: `business_photo_${j + 1}`,
            fileType: 'SHOP_PHOTO',
            uploadType: 'APPLY_LOAN',
            phone: app.phone,
            label: `Business photo ${j + 1}`,
          },
          file,
        );
        n += 1;
      }
      for (let j = 0; j < pdfs; j += 1) {
        const src = w.__week.pdfs[(first + j) % w.__week.pdfs.length]!;
        const file = new File([src], `statement-${j + 1}.pdf`, { type: 'application/pdf' });
        await capture(
          {
            appId: app.id,
            field: 'bank_statement_files',
            fileType: 'BANK_STATEMENT',
            uploadType: 'APPLY_LOAN',
            phone: app.phone,
            label: `Bank statement ${j + 1}`,
          },
          file,
        );
        n += 1;
      }
      return n;
    },
    { app, first, photos, pdfs },
  );
}

/** Offline, through the UI: the application's KYC screen and a photo picked into each of its five photo fields. */
async function captureKycThroughUi(page: Page, base: string, app: WeekApp, originals: Buffer[], first: number) {
  await page.goto(`${base}/#/application/kyc?id=${app.id}`);
  await page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
  for (const [k, label] of KYC_FIELDS.entries()) {
    await page
      .getByLabel(label, { exact: true })
      .setInputFiles({ name: `IMG_${k}.jpg`, mimeType: 'image/jpeg', buffer: originals[(first + k) % originals.length]! });
    await page.getByRole('button', { name: `Clear ${label}` }).waitFor({ timeout: 60_000 });
  }
}

export type WeekCaptured = { apps: WeekApp[]; ui_photos: number; bulk_photos: number; bulk_pdfs: number; capture_s: number };

/**
 * Signed in and unlocked on `page` (online): starts the week's applications, goes offline (`setOffline`), captures
 * everything. Stays offline.
 */
export async function captureWeek(
  page: Page,
  base: string,
  setOffline: (off: boolean) => Promise<void>,
  log: (s: string) => void,
): Promise<WeekCaptured> {
  const originals = (await dayPhotos(20, log)).map((p) => p.original);
  const pdfs = PDF_SIZES.map((bytes, i) => makePdf(bytes, i + 1));
  const apps: WeekApp[] = [];
  for (let i = 0; i < WEEK.apps; i += 1) apps.push(await startApplication(page, base, i));
  log(`${apps.length} applications started at the branch`);
  await setOffline(true);
  const t = performance.now();
  const bulkPhotos = WEEK.photosPerApp - WEEK.uiPhotosPerApp;
  let ui = 0;
  let bulk = 0;
  for (const [i, app] of apps.entries()) {
    await captureKycThroughUi(page, base, app, originals, i);
    ui += KYC_FIELDS.length;
    await stageOriginals(page, originals, pdfs);
    bulk += await captureBulk(page, app, i * 7, bulkPhotos, WEEK.pdfsPerApp);
    log(
      `application ${i + 1}: ${KYC_FIELDS.length} photos through the UI, ${bulkPhotos} photos and ${WEEK.pdfsPerApp} PDFs through __floCapture`,
    );
  }
  return {
    apps,
    ui_photos: ui,
    bulk_photos: bulk - apps.length * WEEK.pdfsPerApp,
    bulk_pdfs: apps.length * WEEK.pdfsPerApp,
    capture_s: Math.round((performance.now() - t) / 100) / 10,
  };
}
