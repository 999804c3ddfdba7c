import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import { addWorkingDays, buildKfs, isPast, KFS_MSG, KFS_VERSION, KfsAcceptance, type KfsLender, proposalNumber } from './kfs';

const LENDER: KfsLender = {
  lender_name: 'Vikas Capital Finance Ltd.',
  grievance_officer: { name: 'Anita Rao', phone: '1800 200 3000', email: 'grievance@vikas.example' },
  recovery_policy: 'Recovery agents call or visit only between 9 am and 6 pm.',
  cooling_off_days: 3,
  may_be_transferred: true,
};
const APP = 'ab12cd34ef56ab12cd34ef56ab12cd34';
const TERMS = {
  amount: 100000,
  tenure_months: 12,
  interest_rate: 24,
  processing_fee: 1180,
  insurance_fee: 500,
  disbursement_date: '10-12-2026',
};
const kfs = (over: Partial<Parameters<typeof buildKfs>[0]> = {}) =>
  buildKfs({ appId: APP, loanType: 'MFI_BUSINESS_LOAN', terms: TERMS, lender: LENDER, issuedOn: '24-11-2026', ...over });

describe('validity: working days (Monday to Friday)', () => {
  it.each([
    ['24-11-2026', 3, '27-11-2026'], // Tuesday → Friday
    ['26-11-2026', 3, '01-12-2026'], // Thursday → over the weekend to Tuesday
    ['28-11-2026', 3, '02-12-2026'], // Saturday → Wednesday
    ['31-12-2026', 1, '01-01-2027'],
    ['31-02-2026', 3, ''],
  ] as const)('%s + %d → %s', (from, n, want) => expect(addWorkingDays(from, n)).toBe(want));
  it('isPast compares calendar dates', () => {
    expect(isPast('28-11-2026', '27-11-2026')).toBe(true);
    expect(isPast('27-11-2026', '27-11-2026')).toBe(false);
    expect(isPast('01-01-2027', '31-12-2026')).toBe(true);
  });
});

describe('buildKfs', () => {
  it("number, version, validity, the money and the lender's part", async () => {
    const k = (await kfs())!;
    expect(k).toMatchObject({
      version: KFS_VERSION,
      proposal_number: 'KFS-AB12CD34EF56',
      issued_on: '24-11-2026',
      valid_until: '27-11-2026',
      interest_type: 'FIXED',
      lender: LENDER,
      figures: { apr: 27.32, net_disbursed: 98320, emi_start_date: '05-01-2027' },
    });
    expect(k.fees.map((f) => [f.payable_to, f.amount])).toEqual([
      ['LENDER', 1180],
      ['THIRD_PARTY', 500],
    ]);
    expect(k.figures.schedule).toHaveLength(12);
    expect(k.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(proposalNumber(APP)).toBe(k.proposal_number);
  });
  it('the hash names the content: same terms → same hash; other terms, lender or application → another; the dates do not count', async () => {
    const h = (await kfs())!.hash;
    expect((await kfs({ issuedOn: '01-12-2026' }))!.hash).toBe(h);
    expect((await kfs({ terms: { ...TERMS, amount: 100100 } }))!.hash).not.toBe(h);
    expect((await kfs({ terms: { ...TERMS, disbursement_date: '21-12-2026' } }))!.hash).not.toBe(h);
    expect((await kfs({ lender: { ...LENDER, cooling_off_days: 5 } }))!.hash).not.toBe(h);
    expect((await kfs({ lender: { ...LENDER, may_be_transferred: false } }))!.hash).not.toBe(h);
    expect((await kfs({ appId: `f${APP.slice(1)}` }))!.hash).not.toBe(h);
  });
  it('an unreal disbursement date → null', async () =>
    expect(await kfs({ terms: { ...TERMS, disbursement_date: '30-02-2027' } })).toBeNull());
});

describe('the acceptance sent with an accept', () => {
  const ok = {
    proposal_number: 'KFS-AB12CD34EF56',
    version: KFS_VERSION,
    hash: 'a'.repeat(64),
    accepted_at: '2026-11-24T10:00:00.000Z',
    geo_tag: { latitude: 18.5, longitude: 73.8 },
  };
  it('valid', () => expect(firstIssue(KfsAcceptance, ok)).toBeNull());
  it.each([
    ['no hash', { hash: undefined }],
    ['short hash', { hash: 'abc' }],
    ['not a time', { accepted_at: 'yesterday' }],
  ] as const)('%s → the KFS message', (_n, over) => expect(firstIssue(KfsAcceptance, { ...ok, ...over })).toBe(KFS_MSG.required));
  it('no geotag → refused', () => expect(firstIssue(KfsAcceptance, { ...ok, geo_tag: undefined })).not.toBeNull());
});
