// What the readable-and-reachable walk checks on every screen it opens: no sideways scroll (audit-helpers.ts), no
// text outside its button, no figure split across lines, the officer's name shown whole, and the focus on the new
// screen's heading after a screen change.
import { expect, type Locator, type Page } from '@playwright/test';

export const WALK_WIDTHS = [320, 360, 1280] as const;

/** Every visible button (or link drawn as one) holds its whole text: nothing spills out of its box. */
export async function expectTextInsideButtons(page: Page, what: string) {
  const spilled = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, .ui-btn, a.btn, a.action')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[hidden], .ui-visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 || text.left < box.left - 1 || text.right > box.right + 1 || text.bottom > box.bottom + 1)
        out.push(
          `"${el.textContent?.trim().slice(0, 40)}" text ${Math.round(text.width)}×${Math.round(text.height)} in ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return out;
  });
  expect(spilled, `${what}: text out of its button`).toEqual([]);
}

/** Every amount, date or grouped number on the screen sits on one line ('₹24,2' / '00.00' is a broken figure). */
export async function expectFiguresWhole(page: Page, what: string) {
  const broken = await page.evaluate(() => {
    const FIGURE = /₹\s?[\d,]+(?:\.\d+)?|\d{2}-\d{2}-\d{4}|\d{1,3}(?:,\d{2,3})+(?:\.\d+)?/g;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (const m of text.matchAll(FIGURE)) {
        const r = document.createRange();
        r.setStart(n, m.index ?? 0);
        r.setEnd(n, (m.index ?? 0) + m[0].length);
        const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  expect(broken, `${what}: figures split across lines`).toEqual([]);
}

/** Every label of a detail row keeps its words whole: no word of it is split across two lines (a hyphen may end one). */
export async function expectLabelsWhole(page: Page, what: string) {
  const split = await page.evaluate(() => {
    const out: string[] = [];
    for (const dt of document.querySelectorAll<HTMLElement>('.details dt')) {
      const node = dt.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      // A hyphen is a break a reader expects ('co-' / 'borrower'); inside a word there is none.
      for (const m of text.matchAll(/[^\s-]+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index ?? 0);
        r.setEnd(node, (m.index ?? 0) + m[0].length);
        if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  expect(split, `${what}: label words split`).toEqual([]);
}

/** The officer's greeting is shown whole: not cut, not clamped, not ended with an ellipsis. */
export async function expectNameWhole(page: Page, what: string) {
  const hello = page.locator('.app-header .hello');
  const fit = await hello.evaluate((el) => {
    // A word of the name split across two lines ('Kulkar' / 'ni') is a broken name too (after a hyphen is a break).
    const split: string[] = [];
    for (const node of [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
      for (const m of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        if (m[0].length > 24 && el.clientWidth < 400) continue; // longer than any line: it must break
        const r = document.createRange();
        r.setStart(node, m.index ?? 0);
        r.setEnd(node, (m.index ?? 0) + m[0].length);
        if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1) split.push(m[0]);
      }
    }
    return {
      cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
      clamp: getComputedStyle(el).webkitLineClamp,
      split,
    };
  });
  expect(fit, `${what}: the officer's name`).toEqual({ cut: false, ellipsis: false, clamp: 'none', split: [] });
}

/** The focus is on the heading named `name` (the new screen's), focusable by script only. */
export async function expectFocusOnHeading(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { name, exact: typeof name === 'string' }).first();
  await expect(heading).toBeFocused({ timeout: 15_000 });
  await expect(heading).toHaveAttribute('tabindex', '-1');
}

/** Every control is at least 24×24 px (WCAG 2.5.8); a link inside a sentence is exempt, as the criterion says. */
export async function expectTargets24(page: Page, what: string) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role=button], [role=option]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[hidden], .ui-visually-hidden') || (el as HTMLInputElement).type === 'hidden') continue;
      if (el.matches('p a, .small a, footer a, .skip-link')) continue;
      const target = el.matches('input[type=radio], input[type=checkbox]') ? (el.closest('label') ?? el).getBoundingClientRect() : box;
      if (target.width < 23.5 || target.height < 23.5)
        out.push(
          `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 24)}] ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
    }
    return out;
  });
  expect(small, `${what}: controls under 24 px`).toEqual([]);
}

/** The smallest height among the given controls, in px. */
export const heightOf = async (l: Locator) => (await l.boundingBox())?.height ?? 0;
