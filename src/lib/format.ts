// Indian display conventions (REQ-UI-9): DD-MM-YYYY hh:mm A, ₹ with 2 decimals in lakh grouping, the same in each of
// the app's languages. Digits stay Latin in all three: amounts, mobile numbers and ids are read against Latin-digit
// keypads, documents and SMS.
import { getLocale, INTL_TAG } from '../i18n';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(t: number | Date): string {
  const d = new Date(t);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

export function formatDateTime(t: number | Date): string {
  const d = new Date(t);
  const h = d.getHours() % 12 || 12;
  return `${formatDate(d)} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

// Money and figures use en-IN's pattern in every language: CLDR's Marathi groups in thousands (₹2,420,000.00) and
// writes Devanagari digits, and Hindi's is the same as en-IN's once its digits are Latin.
// Made on first use, not when the module loads: a page's first number formatter loads the engine's number data, 50 to
// 140 ms of main thread on a slow phone, and the screens that import this module first (the PIN screen) show no figure.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
const rupees = once(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
export const formatRupees = (amount: number) => rupees().format(amount);
const figures = once(() => new Intl.NumberFormat('en-IN'));
/** A count or figure in Indian grouping (12,34,567). */
export const formatNumber = (n: number) => figures().format(n);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const lists = new Map<string, Intl.ListFormat>();
/** 'a', 'a and b', 'a, b and c' (और / आणि in Hindi / Marathi). */
export function listInWords(items: readonly string[]): string {
  const tag = INTL_TAG[getLocale()];
  let list = lists.get(tag);
  if (!list) {
    list = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' });
    lists.set(tag, list);
  }
  return list.format(items);
}
