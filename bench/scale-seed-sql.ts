// The SQL of the lender-scale fixtures (bench/scale-seed.ts): one INSERT ... SELECT over generate_series per table, so
// 1,000,000 applications load in minutes. Application g (1..apps) has id md5('app' || g), belongs to officer
// (g - 1) % officers, whose branch it is in; statuses and stages cycle through the roles' states; names come from
// FIRST × LAST so a name part matches a known share of rows (the bench searches them).
import type { Queryable } from '../server/db/db';

export const FIRST = [
  'Sunita',
  'Ramesh',
  'Lakshmi',
  'Imran',
  'Kavita',
  'Arjun',
  'Meena',
  'Suresh',
  'Farida',
  'Gopal',
  'Anita',
  'Rajesh',
  'Pooja',
  'Sanjay',
  'Rekha',
  'Vikram',
  'Shabana',
  'Mohan',
  'Geeta',
  'Anil',
  'Asha',
  'Prakash',
  'Nirmala',
  'Deepak',
  'Savita',
  'Manoj',
  'Usha',
  'Ravi',
  'Jyoti',
  'Ashok',
  'Kamala',
  'Vijay',
  'Parvati',
  'Naresh',
  'Saroj',
  'Dinesh',
  'Laxmi',
  'Harish',
  'Rukmini',
  'Bhavesh',
];
export const LAST = [
  'Devi',
  'Yadav',
  'Iyer',
  'Khan',
  'Patil',
  'Singh',
  'Kumari',
  'Reddy',
  'Begum',
  'Nair',
  'Sharma',
  'Verma',
  'Gupta',
  'Jadhav',
  'Pawar',
  'Shinde',
  'More',
  'Kale',
  'Shaikh',
  'Ansari',
  'Pillai',
  'Menon',
  'Das',
  'Bose',
  'Mishra',
  'Tiwari',
  'Pandey',
  'Chavan',
  'Gaikwad',
  'Deshmukh',
  'Kulkarni',
  'Joshi',
  'Rao',
  'Naidu',
  'Gowda',
  'Hegde',
  'Mehta',
  'Shah',
  'Parmar',
  'Solanki',
];

export type ScaleShape = { tenantId: string; apps: number; branches: number; officers: number; filesPerApp: number };

const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;
/** The SQL name of application g: FIRST[g mod 40] LAST[(g / 40) mod 40] — 1,600 distinct names. */
const nameSql = `(${arr(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}]`;
/**
 * Mobile of application g: 10 digits starting 6-9, distinct for g below 10^9 (3^18 is prime to 10^9, so multiplying by
 * it permutes the last nine digits), and unrelated to when the application was made, as real mobiles are.
 */
export const mobileOf = (g: number) => `${6 + (g % 4)}${String((g * 387_420_489) % 1e9).padStart(9, '0')}`;
const mobileSql = `(6 + g % 4)::text || lpad(((g::bigint * 387420489) % 1000000000)::text, 9, '0')`;

/** Branches B3..Bn beside the fixtures' HO, B1, B2; officers spread over them round robin. */
export async function seedOffices(q: Queryable, s: ScaleShape): Promise<void> {
  const t = s.tenantId;
  await q.exec(`
INSERT INTO branches (tenant_id, id, name, kind, parent_id)
SELECT '${t}', 'B' || b, 'Branch ' || b, 'BRANCH', 'HO' FROM generate_series(3, ${s.branches}) b ON CONFLICT DO NOTHING;
INSERT INTO users (tenant_id, mobile, role, designation, first_name, last_name, branch_id)
SELECT '${t}', '5' || lpad(k::text, 9, '0'), 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER', 'Officer', k::text, 'B' || (1 + k % ${s.branches})
FROM generate_series(0, ${s.officers - 1}) k ON CONFLICT DO NOTHING;`);
}

/** The seeded officers in order: officer k is row k of this (user id and branch). */
const OFFICERS = (t: string) =>
  `(SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, branch_id FROM users WHERE tenant_id='${t}' AND mobile LIKE '5%' AND length(mobile)=10)`;

export async function seedApplications(q: Queryable, s: ScaleShape): Promise<void> {
  const t = s.tenantId;
  // Spread over the last year; updated a few days after creation, so list order is not insertion order.
  await q.exec(`
INSERT INTO applications (id, tenant_id, owner_user_id, phone, status, stages, data, tracker_id, created_at, updated_at,
  branch_id, change_seq)
SELECT md5('app' || g), '${t}', o.id, ${mobileSql},
  (ARRAY['DRAFT','DRAFT','DRAFT','DRAFT','PD1_REVIEW','PD1_REVIEW','CREDIT_APPROVED','CREDIT_APPROVED','PD2_COMPLETE','PD2_COMPLETE'])[1 + g % 10],
  CASE WHEN g % 10 < 2 THEN '{}'::text[] WHEN g % 10 < 4 THEN ARRAY['BORROWER_INFO'] ELSE ARRAY['BORROWER_INFO','BANK_ACCOUNT','CPV_BUSINESS','CPV_RESIDENCE'] END,
  jsonb_build_object('name', ${nameSql}, 'loan_type', (ARRAY['JLG','IL','MSME'])[1 + g % 3],
    'amount_requested', 25000 + (g % 16) * 5000, 'is_phone_verified', g % 10 > 1,
    'pan', 'ABCDE' || lpad((g % 10000)::text, 4, '0') || 'F', 'dob', '1985-01-' || lpad((1 + g % 28)::text, 2, '0'),
    'aadhaar_last4', lpad((g % 10000)::text, 4, '0'), 'address', g || ' Market Road, Ward ' || (g % 97),
    'pincode', (411001 + g % 50)::text, 'business_name', 'Shop ' || g, 'monthly_income', 8000 + (g % 40) * 500,
    'is_pd1_complete', g % 10 >= 4, 'is_pd2_complete', g % 10 >= 8,
    'remarks', CASE WHEN g % 10 >= 4 THEN 'Visited shop and house; stock as stated.' END),
  -- An odd multiplier permutes the residues mod 2^40: tracker ids never collide, as random ones would at this size.
  'FLO' || upper(lpad(to_hex((g::bigint * 2654435761) % 1099511627776), 10, '0')),
  ts, LEAST(now(), ts + ((g % 7) || ' days')::interval), 'B1', g
FROM generate_series(1, ${s.apps}) g
CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${s.apps} - g) * (31536000.0 / ${s.apps}))) AS c(ts)
JOIN ${OFFICERS(t)} o ON o.k = (g - 1) % ${s.officers};
UPDATE applications a SET branch_id = u.branch_id FROM users u WHERE u.id = a.owner_user_id AND a.tenant_id='${t}';
UPDATE change_counters SET value = ${s.apps} WHERE tenant_id='${t}';`);
}

/** Three in five applications have a co-borrower; one in ten also a guarantor. */
export async function seedCoApplicants(q: Queryable, s: ScaleShape): Promise<void> {
  await q.exec(`
INSERT INTO co_applicants (id, tenant_id, application_id, record_index, type, status, data, created_at, updated_at)
SELECT md5('co' || g || '-' || r), '${s.tenantId}', md5('app' || g), r, CASE r WHEN 0 THEN 'CO_BORROWER' ELSE 'GUARANTOR' END,
  CASE WHEN g % 10 < 4 THEN 'PENDING' ELSE 'APPROVED' END,
  jsonb_build_object('name', 'Co ' || g, 'pan', 'PQRSX' || lpad((g % 10000)::text, 4, '0') || 'Z', 'relation', 'SPOUSE'),
  now(), now()
FROM generate_series(1, ${s.apps}) g CROSS JOIN generate_series(0, 1) r
WHERE (r = 0 AND g % 5 < 3) OR (r = 1 AND g % 10 = 0)`);
}

/** Three events per application: created, a draft patch, a submit. */
export async function seedEvents(q: Queryable, s: ScaleShape): Promise<void> {
  await q.exec(`
INSERT INTO application_events (tenant_id, application_id, kind, body, created_at)
SELECT '${s.tenantId}', md5('app' || g), (ARRAY['create','patch','submit'])[1 + e],
  jsonb_build_object('fields', CASE e WHEN 1 THEN '["name","amount_requested"]'::jsonb ELSE '[]'::jsonb END), now()
FROM generate_series(1, ${s.apps}) g CROSS JOIN generate_series(0, 2) e`);
}

/** The documents of every application besides its photo (which bench/scale-seed-photos.ts adds): filesPerApp - 1 each. */
export async function seedDocuments(q: Queryable, s: ScaleShape): Promise<void> {
  const kinds = ['aadhaar_front', 'aadhaar_back', 'pan', 'bank_statement', 'house_photo', 'shop_photo', 'kfs', 'agreement', 'cheque'];
  await q.exec(`
INSERT INTO files (id, tenant_id, owner, mime, size, path, original_name, file_type, upload_type, application_id, created_at)
SELECT md5('doc' || g || '-' || d), '${s.tenantId}', 'staff', CASE WHEN d IN (3, 6, 7) THEN 'application/pdf' ELSE 'image/jpeg' END,
  60000 + ((g * 13 + d * 7919) % 240000), 'files/' || md5('doc' || g || '-' || d), 'document', (${arr(kinds)})[1 + d % ${kinds.length}],
  'application', md5('app' || g), now() - ((g % 365) || ' days')::interval
FROM generate_series(1, ${s.apps}) g CROSS JOIN generate_series(0, ${s.filesPerApp - 2}) d`);
}
