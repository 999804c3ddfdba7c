// A phone set to Hindi opens the app in Hindi, and an officer's screens through a whole application, at 360 px, carry
// no English a person reads (people's names, codes and the lender's name aside). Seeded through the API as an officer
// who works in English; then read on a Hindi phone.
import { expect, test } from '@playwright/test';
import { api, apiSignIn, firstStage } from './api-seed';
import { E2E_PORT, PIN } from './helpers';
import { englishLeft, inLocale } from './i18n-kit';
import { expectAxeClean } from './audit-helpers';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;
const hi = (source: string) => inLocale('hi', source);
// What stays in Latin letters whatever the language: the data the seed typed, the lender's and the product's names.
const KEEP = [
  'Ramesh Kumar Shankar Kamla Devi Sunita Mohan Kirana Store State Bank of India Pune Maharashtra',
  'Sahayog Microfinance Pvt Ltd Field Loans FC MG Road Camp',
  // The signed-in officer, his email and his branch's address.
  'Anil Deshmukh example com Branch Office nd Floor Laxmi Road Shaniwar Peth',
  // The language switch names each language in its own script.
  'English',
];

test('a phone set to Hindi: login, PIN, home, lists, every first-stage screen and the sync center in Hindi, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mobile = `95${String(Date.now()).slice(-8)}`;
  const officer = await apiSignIn('9000000001');
  const id = await firstStage(officer, mobile);
  await api('GET', `/v1/app/mfi/${id}`, { token: officer, want: 200 });

  const ctx = await browser.newContext({
    baseURL: BASE,
    locale: 'hi-IN',
    viewport: { width: 360, height: 740 },
    geolocation: { latitude: 18.52, longitude: 73.85, accuracy: 12 },
    permissions: ['geolocation'],
    // axe-core is injected inline, which the app's CSP refuses.
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  // Each screen is given time to settle into Hindi; what stays English is gathered, so one run names every screen.
  const left: Record<string, string[]> = {};
  const noEnglish = async (where: string) => {
    await expect(page.locator('main').first()).toBeVisible();
    let words = await englishLeft(page, KEEP);
    for (let tries = 0; words.length > 0 && tries < 20; tries += 1) {
      await page.waitForTimeout(250);
      words = await englishLeft(page, KEEP);
    }
    if (words.length) left[where] = words;
    // The same screen to a screen reader and a keyboard, in Hindi: WCAG A/AA as axe-core judges it.
    await expectAxeClean(page, `${where} in Hindi`);
    await page.screenshot({ path: `test-results/officer-hindi-${where}.png`, fullPage: true });
  };

  await page.goto('/#/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { name: hi('Welcome Back') })).toBeVisible();
  await noEnglish('login');
  await page.getByLabel(hi('Mobile number')).fill('9000000001');
  await page.getByRole('button', { name: hi('Get OTP') }).click();
  await page.getByLabel(hi('OTP'), { exact: true }).fill('123456');
  await page.getByRole('button', { name: hi('Verify OTP') }).click();
  await expect(page.getByRole('heading', { name: hi('Set a PIN for this phone') })).toBeVisible({ timeout: 20_000 });
  await noEnglish('pin');
  await page.getByLabel(hi('New PIN')).fill(PIN);
  await page.getByLabel(hi('Confirm PIN')).fill(PIN);
  await page.getByRole('button', { name: hi('Set PIN') }).click();
  await expect(page.getByRole('heading', { name: hi('Applications'), exact: true })).toBeVisible({ timeout: 20_000 });
  await noEnglish('home');

  for (const [where, path] of [
    ['applications', '/#/applications'],
    ['borrower', `/#/application/mobile?id=${id}`],
    ['kyc', `/#/application/kyc?id=${id}`],
    ['co-applicants', `/#/application/co-applicants?id=${id}`],
    ['family', `/#/application/family-details?id=${id}`],
    ['business', `/#/application/business?id=${id}`],
    ['bank-account', `/#/application/bank-account-details?id=${id}`],
    ['cpv-info', `/#/application/cpv-info?id=${id}`],
    ['new-application', '/#/application/mobile'],
    ['sync', '/#/sync'],
    ['profile', '/#/profile'],
  ] as const) {
    await page.goto(path);
    await noEnglish(where);
  }
  expect(left).toEqual({});
  await ctx.close();
});
