import { describe, expect, it } from 'vitest';
import { containsAadhaar, maskAadhaar, verhoeffValid } from './aadhaar';

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
    // The same number written so a plain digit scan would miss it.
    [`${valid.slice(0, 4)}.${valid.slice(4, 8)}.${valid.slice(8)}`, true],
    [`${valid.slice(0, 4)}\u00a0${valid.slice(4, 8)}\u00a0${valid.slice(8)}`, true], // no-break spaces
    [`${valid.slice(0, 4)}\u200b${valid.slice(4, 8)}\u200b${valid.slice(8)}`, true], // zero-width spaces
    [`\u202e${valid}\u202c`, true], // inside a right-to-left override
    [[...valid].map((d) => String.fromCodePoint(0x0966 + Number(d))).join(''), true], // Devanagari digits
    [[...spaced].map((d) => (d === ' ' ? d : String.fromCodePoint(0xff10 + Number(d)))).join(''), true], // full width
    // Any short separator, letters touching the digits.
    [`${valid.slice(0, 4)}..${valid.slice(4, 8)}${valid.slice(8)}`, true],
    [`${valid.slice(0, 4)}  ${valid.slice(4, 8)}  ${valid.slice(8)}`, true],
    [`${valid.slice(0, 4)}:${valid.slice(4, 8)}:${valid.slice(8)}`, true],
    [`${valid.slice(0, 4)} | ${valid.slice(4, 8)} | ${valid.slice(8)}`, true],
    [`(${valid.slice(0, 4)}) (${valid.slice(4, 8)}) (${valid.slice(8)})`, true],
    [`[${valid.slice(0, 4)}][${valid.slice(4, 8)}][${valid.slice(8)}]`, true],
    [`UID${valid}`, true],
    [`no${spaced}x`, true],
    [`${valid.slice(0, 6)} ${valid.slice(6)}`, true],
    [`${valid.slice(0, 8)}-${valid.slice(8)}`, true],
    [`Aadhaar_${valid.slice(0, 4)}_${valid.slice(4, 8)}_${valid.slice(8)}.pdf`, true],
    // What is not one: dates, times, coordinates and amounts in 2-digit groups; a longer number; far-apart groups.
    ['2024-01-15T10:30:00.123Z', false],
    ['18.5204, 73.8567', false],
    ['₹ 2,34,56,789', false],
    [`${valid.slice(0, 4)}    ${valid.slice(4, 8)} ${valid.slice(8)}`, false],
  ])('%s → %s', (text, found) => expect(containsAadhaar(text)).toBe(found));
  it('masks every full number to its last 4 and leaves other text as it is', () => {
    expect(maskAadhaar(`card (${valid.slice(0, 4)}) ${valid.slice(4, 8)}:${valid.slice(8)} seen`)).toBe(
      `card (XXXX XXXX ${valid.slice(8)} seen`,
    );
    expect(maskAadhaar(`UID${valid}, again ${spaced}`)).toBe(`UIDXXXX XXXX ${valid.slice(8)}, again XXXX XXXX ${valid.slice(8)}`);
    expect(maskAadhaar('Shop near 411001, call 9876543210')).toBe('Shop near 411001, call 9876543210');
  });
  it('the Verhoeff check: known valid and invalid numbers', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('999988887777')).toBe(false);
  });
});
