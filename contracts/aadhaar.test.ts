import { describe, expect, it } from 'vitest';
import { containsAadhaar, verhoeffValid } from './aadhaar';

describe('Aadhaar in text', () => {
  const valid = (() => {
    for (let n = 234567890120; ; n += 1) if (verhoeffValid(String(n))) return String(n);
  })();
  const spaced = `${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`;
  it.each([
    [`near the temple, ${spaced}`, true],
    [`aadhaar:${valid}.`, true],
    [`${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}`, true],
    [`${valid}9`, false], // 13 digits: not an Aadhaar number
    [`${valid.slice(0, 11)}${(Number(valid.at(-1)) + 1) % 10}`, false], // wrong check digit
    [`0${valid.slice(1)}`, false], // UIDAI numbers never start with 0 or 1
    [`ab${valid}cd`, false], // inside an id
    [`1234abcd-${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}9abcdef`, false],
    [`e0f1a2b3-${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}-0123456789ab`, false], // a UUID
    // Security probe, session 19: the same number written so the plain scan missed it.
    [`${valid.slice(0, 4)}.${valid.slice(4, 8)}.${valid.slice(8)}`, true],
    [`${valid.slice(0, 4)}\u00a0${valid.slice(4, 8)}\u00a0${valid.slice(8)}`, true], // no-break spaces
    [`${valid.slice(0, 4)}\u200b${valid.slice(4, 8)}\u200b${valid.slice(8)}`, true], // zero-width spaces
    [`\u202e${valid}\u202c`, true], // inside a right-to-left override
    [[...valid].map((d) => String.fromCodePoint(0x0966 + Number(d))).join(''), true], // Devanagari digits
    [[...spaced].map((d) => (d === ' ' ? d : String.fromCodePoint(0xff10 + Number(d)))).join(''), true], // full width
    [`${valid.slice(0, 4)}..${valid.slice(4, 8)}${valid.slice(8)}`, false], // two separators: not one number
  ])('%s → %s', (text, found) => expect(containsAadhaar(text)).toBe(found));
  it('the Verhoeff check: known valid and invalid numbers', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('999988887777')).toBe(false);
  });
});
