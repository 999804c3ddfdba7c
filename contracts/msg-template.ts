// Texts that carry a value (a field's name, a number, an id): one ICU source per text, filled in English here, so
// the server and the tests read the same words as before; the phone finds the source again in the English text it
// holds (`localize`) and shows its own language with the same values.
import { FIRST_TPL, fill, type MessageValues } from './fill';
import { msg } from './msg';

export { fill, type MessageValues };
type Translate = (source: string, values?: MessageValues) => string;

/** Every source a contract fills. A new text with a value is added here, so `localize` can find it. */
export const TPL = {
  ...FIRST_TPL,
  loanAmount: msg('Loan amount must be between {min} and {max}'),
  loanTenure: msg('Loan tenure must be between {min} and {max} months'),
  draftKey: msg('This field cannot be saved here: {key}'),
  geoTag: msg('{label} geo tag must be JSON text with latitude and longitude'),
  nonNegative: msg('{label} must be a non-negative number'),
  percent: msg('{label} must be between 0 and 100'),
  figureRequired: msg('Please enter {label} (0 if none)'),
  salarySlip: msg('Missing salary slip {n}'),
  overCap: msg(`The household's loan repayments would be above 50 % of its monthly income: the loan can be at most {amount}`),
  partnerSubmitted: msg('Your partner request {id} has been received and is waiting for review'),
  partnerUnderReview: msg('Your partner request {id} is under review'),
  partnerApproved: msg('Your partner request {id} has been approved'),
  partnerRejected: msg('Your partner request {id} was not approved'),
  trackDraft: msg('Application {id} is in progress'),
  trackReview: msg('Application {id} is under review'),
  trackCreditApproved: msg('Application {id} has been approved by credit and is being verified'),
  trackPd2: msg('Application {id} is verified; the loan offer is being prepared'),
  trackSanctioned: msg('The loan for application {id} has been sanctioned'),
  trackRejected: msg('Application {id} could not be approved'),
  deviationPending: msg(`{what} is waiting for the review role's decision`),
  deviationRejected: msg('{what} was rejected: correct the names'),
  partyRejected: msg('{who} was rejected by the bureau: replace or correct them'),
  partyStale: msg(`{who}'s PAN or voter ID changed after the bureau check: ask the bureau again`),
  coBorrowerNamed: msg('The co-borrower {name}'),
  guarantorNamed: msg('The guarantor {name}'),
  coApplicantNamed: msg('The co-applicant {name}'),
  businessVisit: msg('Business visit: {label}'),
} as const;

type Pattern = { source: string; names: string[]; re: RegExp };
let patterns: Pattern[] | null = null;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternsOf = (): Pattern[] =>
  (patterns ??= Object.values(TPL).map((source) => ({
    source,
    names: [...source.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    re: new RegExp(
      `^${source
        .split(/\{\w+\}/)
        .map(escapeRe)
        .join('(.+?)')}$`,
      's',
    ),
  })));

/**
 * A contract's English text in the person's language: its own translation when it has one, else the source it was
 * filled from, with each value translated in turn (a field's name, 'The co-borrower Asha'); ids and figures stay.
 * `tr` is the phone's `t`; contracts never import the phone.
 */
export function localize(text: string, tr: Translate): string {
  const own = tr(text);
  if (own !== text) return own;
  for (const p of patternsOf()) {
    const m = p.re.exec(text);
    if (!m) continue;
    return tr(p.source, Object.fromEntries(p.names.map((name, i) => [name, localize(m[i + 1]!, tr)])));
  }
  return own;
}
