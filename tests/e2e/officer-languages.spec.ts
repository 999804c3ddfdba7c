// A phone set to Hindi (or Marathi) opens the app in it, and an officer's screens through a whole application carry no
// English a person reads at 360 px (people's names, codes and the lender's name aside), pass axe, and do not scroll
// sideways at 320 px. Seeded through the API as an officer who works in English; then read on the phone.
import { expect, test } from '@playwright/test';
import { api, apiSignIn, firstStage } from './api-seed';
import { E2E_PORT, PIN } from './helpers';
import { englishLeft, inLocale } from './i18n-kit';
import { expectAxeClean } from './audit-helpers';

const BASE = `http://sahayog.localhost:${E2E_PORT}`;
// What stays in Latin letters whatever the language: the data the seed typed, the lender's and the product's names.
const KEEP = [
  'Ramesh Kumar Shankar Kamla Devi Sunita Mohan Kirana Store State Bank of India Pune Maharashtra',
  'Sahayog Microfinance Pvt Ltd Field Loans FC MG Road Camp',
  // The signed-in officer (branch 2's, whose list holds only what this spec seeds), her email and branch's address.
  'Kavita Pawar example com Branch Office nd Floor Laxmi Road Shaniwar Peth Nashik',
  // The language switch names each language in its own script.
  'English',
];

for (const [locale, tag, name] of [
  ['hi', 'hi-IN', 'Hindi'],
  ['mr', 'mr-IN', 'Marathi'],
] as const) {
  test(`a phone set to ${name}: login, PIN, home, lists, every first-stage screen and the sync center in ${name}, axe-clean`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const own = (source: string) => inLocale(locale, source);
    const mobile = `95${String(Date.now()).slice(-8)}`;
    const officer = await apiSignIn('9000000011');
    const id = await firstStage(officer, mobile);
    await api('GET', `/v1/app/mfi/${id}`, { token: officer, want: 200 });

    const ctx = await browser.newContext({
      baseURL: BASE,
      locale: tag,
      viewport: { width: 360, height: 740 },
      geolocation: { latitude: 18.52, longitude: 73.85, accuracy: 12 },
      permissions: ['geolocation'],
      // axe-core is injected inline, which the app's CSP refuses.
      bypassCSP: true,
    });
    const page = await ctx.newPage();
    // Each screen is given time to settle into the language; what stays English is gathered, so one run names every
    // screen; so are the screens that scroll sideways at 320 px.
    const left: Record<string, string[]> = {};
    const sideways: string[] = [];
    const check = async (where: string) => {
      await expect(page.locator('main').first()).toBeVisible();
      const words = await expect
        .poll(() => englishLeft(page, KEEP), { timeout: 5_000 })
        .toEqual([])
        .then(
          () => [],
          () => englishLeft(page, KEEP),
        );
      if (words.length) left[where] = words;
      await expectAxeClean(page, `${where} in ${name}`);
      await page.screenshot({ path: `test-results/officer-${locale}-${where}.png`, fullPage: true });
      await page.setViewportSize({ width: 320, height: 740 });
      const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);
      if (wide) sideways.push(where);
      await page.setViewportSize({ width: 360, height: 740 });
    };

    await page.goto('/#/login');
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.getByRole('heading', { name: own('Welcome Back') })).toBeVisible();
    await check('login');
    await page.getByLabel(own('Mobile number')).fill('9000000011');
    await page.getByRole('button', { name: own('Get OTP') }).click();
    await page.getByLabel(own('OTP'), { exact: true }).fill('123456');
    await page.getByRole('button', { name: own('Verify OTP') }).click();
    await expect(page.getByRole('heading', { name: own('Set a PIN for this phone') })).toBeVisible({ timeout: 20_000 });
    await check('pin');
    await page.getByLabel(own('New PIN')).fill(PIN);
    await page.getByLabel(own('Confirm PIN')).fill(PIN);
    await page.getByRole('button', { name: own('Set PIN') }).click();
    await expect(page.getByRole('heading', { name: own('Applications'), exact: true })).toBeVisible({ timeout: 20_000 });
    await check('home');

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
      await check(where);
    }
    expect(left).toEqual({});
    expect(sideways).toEqual([]);
    await ctx.close();
  });
}
