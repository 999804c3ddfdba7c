// What the forms audit checks on every form screen, at every width: no sideways scroll, axe-core with no
// serious or critical violation, and (after an empty or wrong submit) one banner with the first message and its count.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

export const WIDTHS = [320, 360, 412] as const;
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** Long text a person might paste: a long name, an address with no spaces to break at. */
export const LONG = 'Venkatanarasimharajuvaripeta Srinivasaraghavan Chinnaswamy Subramaniam-Ramachandran';

/** The page is no wider than the screen (no sideways scroll). */
export async function expectNoOverflow(page: Page, what: string) {
  const { scroll, inner, widest } = await page.evaluate(() => {
    const inner = window.innerWidth;
    let widest = '';
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > inner + 1 && getComputedStyle(el).position !== 'fixed') {
        widest = `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`;
        break;
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner, widest };
  });
  expect(scroll, `${what}: page ${scroll} px wide at ${inner} px (${widest})`).toBeLessThanOrEqual(inner);
}

/** Every control in the page's content is at least 44 px tall (a radio or checkbox: its label). */
export async function expectTapTargets(page: Page, what: string) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main button, main input, main select, main textarea, main [role=option]')) {
      const box = (el.matches('input[type=radio], input[type=checkbox]') ? (el.closest('label') ?? el) : el).getBoundingClientRect();
      if (box.width === 0 || (el as HTMLInputElement).type === 'hidden' || el.closest('[hidden], .ui-visually-hidden')) continue;
      if (box.height < 43.5)
        out.push(
          `${el.tagName.toLowerCase()}${(el as HTMLInputElement).type ? `:${(el as HTMLInputElement).type}` : ''}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? ''}] ${Math.round(box.height)} px`,
        );
    }
    return out;
  });
  expect(small, `${what}: tap targets under 44 px`).toEqual([]);
}

/** axe-core on the page as it is: no serious or critical violation (REQ-QUAL-2). */
export async function expectAxeClean(page: Page, what: string) {
  // A toast sliding in is half transparent for a moment: contrast is judged once entrances and exits have settled
  // (a toast's progress bar runs for its whole life, and a spinner forever, so neither is waited for).
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((a) => {
              const target = (a.effect as KeyframeEffect | null)?.target;
              if (a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY) return false;
              return !(target instanceof Element && target.classList.contains('Toastify__progress-bar'));
            }).length,
        ),
      { timeout: 5000 },
    )
    .toBe(0);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
  expect(found, `${what}: axe`).toEqual([]);
}

/** Fills every visible, editable text field with `text` (masks keep what they keep). */
export async function fillAll(page: Page, text: string) {
  const fields = page.locator(
    'main input:visible:not([readonly]):not([type=checkbox]):not([type=radio]):not([type=file]):not([disabled]), main textarea:visible:not([readonly])',
  );
  for (const f of await fields.all()) await f.fill(text).catch(() => undefined);
}

/** Submits the form and returns the banner: the first message, '(1 of N to fix)' when there are more. */
export async function submitForBanner(page: Page, submit = 'Submit') {
  const button = page.getByRole('button', { name: submit, exact: true });
  // A step's Submit is busy until the phone has read whether the server would take it (useStepRefusal), and a
  // screen that re-renders (a width change swaps layouts) reads it again: wait for one settled state, read at once,
  // either offered or held with its reason.
  const settled = async () =>
    button.evaluate((b: HTMLButtonElement) => ({
      held: b.disabled,
      busy: b.getAttribute('aria-busy') === 'true',
      reason: b.getAttribute('aria-describedby')?.split(' ')[0] ?? null,
    }));
  await expect
    .poll(
      async () => {
        const s = await settled();
        return !s.busy && (!s.held || !!s.reason);
      },
      { message: 'Submit offered or explained' },
    )
    .toBe(true);
  const state = await settled();
  // A form that offers no Submit (its checks first, or a step the server would refuse) says why beside it, in view
  // with the button, and the button is described by it; nothing to submit.
  if (state.held && state.reason) {
    // Read through the button each time: a layout that swaps after a width change renders the reason again, under a
    // new id, and the old one is gone.
    const reasonId = () =>
      button.evaluate((b: HTMLButtonElement) => {
        const id = b.getAttribute('aria-describedby')?.split(' ')[0];
        const el = id ? document.getElementById(id) : null;
        return b.disabled && el && /\w/.test(el.textContent ?? '') ? id : null;
      });
    await expect.poll(reasonId, { message: 'the reason for a disabled Submit' }).not.toBeNull();
    await expect(page.locator(`#${await reasonId()}`)).toBeInViewport();
    await expect(button).toBeInViewport();
    return '';
  }
  // Pressed from the keyboard: right after a width change the page may still settle between a click's press and its
  // release, which then land on different spots and make no click.
  await button.focus();
  await page.keyboard.press('Enter');
  const banner = page.locator('main .ui-msg--error[role=alert]').first();
  await expect(banner).toBeVisible();
  const text = (await banner.textContent()) ?? '';
  const invalid = await page.locator('main [aria-invalid=true]').count();
  expect(invalid, 'fields marked invalid').toBeGreaterThan(0);
  if (invalid > 1) expect(Number(/\(1 of (\d+) to fix\)$/.exec(text)?.[1])).toBeGreaterThanOrEqual(invalid);
  // Plain words: never a schema library's default text.
  expect(text).not.toMatch(/String must|Number must|Invalid type|^Required$/);
  // The field the banner names is focused and marked invalid.
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
  return text;
}

/** Every check at every width; the screenshot at 360 × 740 with the errors showing. */
/**
 * `submit: ''`: a screen with no form to submit. `long: false`: leave the fields as they are (a journey goes on with
 * them after the audit), instead of filling each with long text.
 */
export async function auditAtWidths(
  page: Page,
  name: string,
  prepare: () => Promise<void>,
  opts: { submit?: string; long?: boolean } = {},
) {
  const banners: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await prepare();
    await expectNoOverflow(page, `${name} empty at ${width}`);
    if (opts.submit !== '') {
      const banner = await submitForBanner(page, opts.submit);
      banners.push(banner);
      if (width === 360)
        test.info().annotations.push({ type: 'banner', description: `${name}: ${banner || '(Submit not offered: the screen says why)'}` });
    }
    await expectNoOverflow(page, `${name} with errors at ${width}`);
    await expectAxeClean(page, `${name} with errors at ${width}`);
    await expectTapTargets(page, `${name} at ${width}`);
    if (width === 360) {
      // The top of the form, where the banner is (the focus went to the first wrong field).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screenshots/forms/${name}.png`, fullPage: false });
    }
    if (opts.long === false) continue;
    await fillAll(page, LONG);
    await expectNoOverflow(page, `${name} long values at ${width}`);
  }
  return banners;
}
