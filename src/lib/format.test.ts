import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatNumber, formatRupees, listInWords } from './format';

describe('Indian formats', () => {
  it.each([
    [new Date(2026, 10, 23, 0, 5), '23-11-2026 12:05 AM'],
    [new Date(2026, 0, 2, 9, 7), '02-01-2026 09:07 AM'],
    [new Date(2026, 0, 2, 12, 0), '02-01-2026 12:00 PM'],
    [new Date(2026, 11, 31, 23, 59), '31-12-2026 11:59 PM'],
  ])('formatDateTime(%s) = %s', (d, s) => expect(formatDateTime(d)).toBe(s));

  it('formatDate is DD-MM-YYYY', () => expect(formatDate(new Date(1990, 4, 9))).toBe('09-05-1990'));

  it.each([
    [125000, '₹1,25,000.00'],
    [1234.5, '₹1,234.50'],
    [0, '₹0.00'],
  ])('formatRupees(%d) = %s', (n, s) => expect(formatRupees(n)).toBe(s));

  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('formatBytes(%d) = %s', (n, s) => expect(formatBytes(n)).toBe(s));
});

describe('formats in the active language', () => {
  it('keeps ₹, lakh grouping and Latin digits in Hindi and Marathi; lists read in the language', async () => {
    const { setLocale } = await import('../i18n');
    try {
      for (const l of ['hi', 'mr'] as const) {
        await setLocale(l);
        expect(formatRupees(2420000)).toBe('₹24,20,000.00');
        expect(formatNumber(1234567)).toBe('12,34,567');
      }
      await setLocale('hi');
      expect(listInWords(['PAN', 'Aadhaar'])).toBe('PAN और Aadhaar');
      await setLocale('mr');
      expect(listInWords(['PAN', 'Aadhaar'])).toBe('PAN आणि Aadhaar');
    } finally {
      await setLocale('en');
    }
    expect(listInWords(['PAN', 'Aadhaar'])).toBe('PAN and Aadhaar');
  });
});
