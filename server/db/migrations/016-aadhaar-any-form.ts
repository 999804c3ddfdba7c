import { containsAadhaar, maskAadhaar, maskAadhaarDeep } from '../../../contracts/aadhaar';
import type { Queryable } from '../db';

// Full Aadhaar numbers however written (contracts/aadhaar.ts): migration 010 masked only 4-4-4 with one space or dash
// and left every key naming 'account'. This masks what is stored with the very normaliser the writes use, so the
// purge and the door agree: every string of every record, the event history, the files' and uploads' names and
// evidence; stored first answers of idempotent writes that hold one are dropped. Account numbers under their exact
// keys, 9-18 digits, stay whole.

const JSON_COLUMNS: readonly [table: string, column: string][] = [
  ['applications', 'data'],
  ['co_applicants', 'data'],
  ['family_members', 'data'],
  ['partner_requests', 'data'],
  ['application_events', 'body'],
  ['files', 'evidence'],
  ['uploads', 'meta'],
];
const TEXT_COLUMNS: readonly [table: string, column: string][] = [
  ['files', 'original_name'],
  ['uploads', 'file_name'],
];
/** A cheap first filter: no row without three digits in a row can hold a number. */
const MAY_HOLD = `::text ~ '[0-9]{3}'`;

async function run(q: Queryable): Promise<void> {
  for (const [table, column] of JSON_COLUMNS) {
    const rows = await q.query<{ ctid: string; v: unknown }>(
      `SELECT ctid::text AS ctid, ${column} AS v FROM ${table} WHERE ${column}${MAY_HOLD}`,
    );
    for (const r of rows) {
      const masked = maskAadhaarDeep(r.v);
      if (JSON.stringify(masked) !== JSON.stringify(r.v)) {
        await q.query(`UPDATE ${table} SET ${column} = $1::jsonb WHERE ctid = $2::tid`, [JSON.stringify(masked), r.ctid]);
      }
    }
  }
  for (const [table, column] of TEXT_COLUMNS) {
    const rows = await q.query<{ ctid: string; v: string }>(
      `SELECT ctid::text AS ctid, ${column} AS v FROM ${table} WHERE ${column} ~ '[0-9]{3}'`,
    );
    for (const r of rows)
      if (containsAadhaar(r.v)) await q.query(`UPDATE ${table} SET ${column} = $1 WHERE ctid = $2::tid`, [maskAadhaar(r.v), r.ctid]);
  }
  const answers = await q.query<{ tenant_id: string; scope: string; key: string; body: string }>(
    `SELECT tenant_id, scope, key, body FROM idempotency_keys WHERE body ~ '[0-9]{3}'`,
  );
  for (const a of answers) {
    const parsed = safeParse(a.body);
    if (JSON.stringify(maskAadhaarDeep(parsed)) !== JSON.stringify(parsed)) {
      await q.query('DELETE FROM idempotency_keys WHERE tenant_id=$1 AND scope=$2 AND key=$3', [a.tenant_id, a.scope, a.key]);
    }
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const m016AadhaarAnyForm = { id: '016_aadhaar_any_form', sql: '', run };
