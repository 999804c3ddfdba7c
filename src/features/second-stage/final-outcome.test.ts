import { describe, expect, it } from 'vitest';
import { FINAL_SUBMIT_MSG, finalOutcome } from './stage-two-screens';

// Final-submit says what happened, not always 'accepted' (also after 'Finish Process' on an offer nobody accepted).
describe('final submit outcome', () => {
  it.each([
    ['accepted on the server', { loan_offer: { is_accepted: true } }, false, [FINAL_SUBMIT_MSG.accepted]],
    ['sanctioned', { sanctioned: true }, false, [FINAL_SUBMIT_MSG.accepted]],
    [
      'accepted on this phone, not yet sent',
      { loan_offer: { is_accepted: false } },
      true,
      [FINAL_SUBMIT_MSG.accepted, FINAL_SUBMIT_MSG.queued],
    ],
    ['finished without accepting', { loan_offer: { is_accepted: false } }, false, [FINAL_SUBMIT_MSG.notAccepted]],
    ['no offer at all', undefined, false, [FINAL_SUBMIT_MSG.notAccepted]],
  ] as const)('%s', (_n, app, queued, texts) => {
    expect(finalOutcome(app as never, queued).map((m) => m.text)).toEqual(texts);
  });
});
