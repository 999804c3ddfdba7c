// Indian display conventions (REQ-UI-9): DD-MM-YYYY hh:mm A, ₹ with 2 decimals in lakh grouping.
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

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRupees = (amount: number) => rupees.format(amount);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const inWords = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' });
/** 'a', 'a and b', 'a, b and c'. */
export const listInWords = (items: readonly string[]) => inWords.format(items);
