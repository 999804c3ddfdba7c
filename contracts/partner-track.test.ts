// Partner tracking takes the mobile or the request id shown on success; each wrong input has its own message.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { PARTNER_MSG, PartnerTrackForm } from './partner';

const parse = (mobile: string) => v.safeParse(PartnerTrackForm, { mobile });

describe('the partner tracking form', () => {
  it.each([
    ['9876543210', '9876543210'],
    [' 9876543210 ', '9876543210'],
    ['PTR1A2B3C4D5E', 'PTR1A2B3C4D5E'],
    ['ptr1a2b3c4d5e', 'PTR1A2B3C4D5E'],
    ['PTR 1A2B 3C4D 5E', 'PTR1A2B3C4D5E'],
  ])('%j is kept as %j', (typed, kept) => {
    const r = parse(typed);
    expect(r.success && r.output.mobile).toBe(kept);
  });

  it.each([
    ['', MSG.invalidTrackingMobile],
    ['12345', MSG.invalidTrackingMobile],
    ['5123456789', MSG.invalidTrackingMobile],
    ['98765abcde', MSG.invalidTrackingMobile],
    ['PTR12', PARTNER_MSG.invalidTracker],
    ['PTRZZZZZZZZZZ', PARTNER_MSG.invalidTracker],
    ['PTR1A2B3C4D5E6', PARTNER_MSG.invalidTracker],
  ])('%j says %j', (typed, message) => {
    const r = parse(typed);
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe(message);
    expect(r.issues).toHaveLength(1);
  });
});
