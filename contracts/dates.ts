// Dates on the wire are DD-MM-YYYY (family dob, "normalised to day-month-year").
const DMY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** DD-MM-YYYY → a calendar date, or null when the text is not a real date (31-02-2000 is not). */
export function parseDmy(text: string): { d: number; m: number; y: number } | null {
  const match = DMY.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { d, m, y };
}

// The product's calendar day is India's (UTC+05:30, no daylight saving), whatever zone the phone or the server runs in:
// an age, a birth date in the future and the disbursement date are all decided on the same day.
const INDIA_OFFSET_MS = 330 * 60_000;

/** India's calendar day at the instant `now`. */
export function indiaDay(now: Date = new Date()): { d: number; m: number; y: number } {
  const t = new Date(now.getTime() + INDIA_OFFSET_MS);
  return { d: t.getUTCDate(), m: t.getUTCMonth() + 1, y: t.getUTCFullYear() };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** India's calendar day at the instant `now` as DD-MM-YYYY. */
export function indiaToday(now: Date = new Date()): string {
  const { d, m, y } = indiaDay(now);
  return `${pad2(d)}-${pad2(m)}-${y}`;
}

/** Age in whole years on India's day at the instant `today`, or null for an unreadable date. */
export function ageFromDmy(text: string, today: Date = new Date()): number | null {
  const dob = parseDmy(text);
  if (!dob) return null;
  const { y: ty, m: tm, d: td } = indiaDay(today);
  let age = ty - dob.y;
  if (tm < dob.m || (tm === dob.m && td < dob.d)) age -= 1;
  return age;
}

/** YYYY-MM-DD (what Aadhaar answers and date inputs give) or DD-MM-YYYY → DD-MM-YYYY; anything else unchanged. */
export function toDmy(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return iso ? `${iso[3]}-${iso[2]}-${iso[1]}` : text.trim();
}

/** A DD-MM-YYYY date as a sortable number (YYYYMMDD), or null for a text that is not a real date. */
export function dmyOrder(text: string): number | null {
  const d = parseDmy(text);
  return d ? d.y * 10_000 + d.m * 100 + d.d : null;
}

/** India's calendar day at the instant `today` as YYYYMMDD. */
export const dayOrder = (today: Date = new Date()) => {
  const { y, m, d } = indiaDay(today);
  return y * 10_000 + m * 100 + d;
};

/** True when a real DD-MM-YYYY date lies after India's day at `today` (a birth date cannot). */
export const isFutureDmy = (text: string, today: Date = new Date()) => (dmyOrder(text) ?? 0) > dayOrder(today);
