import { expect, type Page } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4174);

/** Signs a seeded staff member in through the real login screen (sandbox OTP 123456). */
export async function signIn(page: Page, mobile: string, otp = '123456') {
  await page.goto('/#/login');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('Enter the OTP sent to your mobile')).toBeVisible();
  await page.getByLabel('OTP').fill(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}
