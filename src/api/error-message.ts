import { isAccountTypeComplaint, MSG } from '../../contracts/messages';
import { t } from '../i18n';

// A schema library's words name keys and codes ('account_type: Invalid enum value. Expected SAVINGS | …', 'Invalid
// type: Expected string but received …'): what a person reads instead is the specification's message for it where it
// gives one (REQ-BANK-3), else the generic 'Invalid input' (REQ-VAL-4).
const SCHEMA_TEXT = /^(?:[\w.[\]]+:\s*)?Invalid (?:type|enum value|length|key|value|format|option)\b|\bExpected\b.*\b(?:but received|\|)/i;

/** The server's message as a person reads it: schema text becomes the specification's words (see SCHEMA_TEXT). */
export function plainMessage(text: string): string {
  if (isAccountTypeComplaint(text)) return MSG.invalidAccountType;
  return SCHEMA_TEXT.test(text) ? MSG.invalidInput : text;
}

const INNER = /["']?(?:message|detail)["']?\s*[:=]\s*["']([^"']+)["']/i;

function inner(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      for (const key of ['message', 'detail']) {
        const value = parsed[key];
        if (typeof value === 'string' && value.trim()) return inner(value) ?? value.trim();
      }
    } catch {
      // not JSON: fall through to the pattern
    }
  }
  const match = INNER.exec(trimmed);
  return match?.[1]?.trim() || null;
}

/**
 * REQ-API-3: the server's message field; if it embeds a message or detail, the inner text;
 * fallback 'Something went wrong!'; an answer that cannot be read gives the processing message.
 */
export function errorMessage(body: unknown): string {
  return t(englishMessage(body));
}

/**
 * The server's English words (the specification's messages): the phone shows its own text for each one its
 * catalogues know, the English for any other. What the phone stores or compares (an op's refusal) keeps the English,
 * and is translated where shown.
 */
export function englishMessage(body: unknown): string {
  if (typeof body === 'string') return body.trim() ? MSG.unreadableResponse : MSG.somethingWentWrong;
  if (!body || typeof body !== 'object') return MSG.somethingWentWrong;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'detail']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return plainMessage(inner(value) ?? value.trim());
  }
  return MSG.somethingWentWrong;
}
