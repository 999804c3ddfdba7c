import { describe, expect, it } from 'vitest';
import { APP_SEARCH, CPV_SEARCH, parseSearch, RECORD_SEARCH } from './route-search';

describe('route search parameters', () => {
  it('keep what the route takes, typed', () => {
    expect(parseSearch(RECORD_SEARCH, { id: 'ab12', record_index: 2, family_member_id: 'f1' })).toEqual({
      id: 'ab12',
      record_index: 2,
      family_member_id: 'f1',
      co_applicant_id: undefined,
      rejected_guarantor_id: undefined,
    });
    expect(parseSearch(CPV_SEARCH, { id: 'ab12', type: 'RESIDENCE_VERIFICATION' })).toEqual({ id: 'ab12', type: 'RESIDENCE_VERIFICATION' });
  });

  it('drop what they do not take, and values of the wrong kind, without an error page', () => {
    expect(parseSearch(APP_SEARCH, { id: 'ab12', token: 'secret' })).toEqual({ id: 'ab12' });
    expect(parseSearch(APP_SEARCH, { id: { nested: true } })).toEqual({ id: undefined });
    expect(parseSearch(RECORD_SEARCH, { record_index: [1] }).record_index).toBeUndefined();
  });
});
