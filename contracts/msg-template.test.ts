import { describe, expect, it } from 'vitest';
import { coApplicantsMissing, draftKeyMessage, loanAmountMessage } from './borrower';
import { type MessageValues, fill, localize, TPL } from './msg-template';
import { PLAIN } from './messages';
import { partyBlockers } from './sanction-gate';

// A translator as the phone's t() behaves: a catalogue hit in another language, else the English source, values in.
const CATALOGUE: Record<string, string> = {
  'Please select {field}': 'कृपया {field} चुनें',
  gender: 'लिंग',
  'Loan amount must be between {min} and {max}': 'ऋण राशि {min} से {max} के बीच होनी चाहिए',
  '{who} was rejected by the bureau: replace or correct them': '{who} को ब्यूरो ने अस्वीकार किया',
  'The co-borrower {name}': 'सह-उधारकर्ता {name}',
  'Add Co-borrower to proceed': 'आगे बढ़ने के लिए सह-उधारकर्ता जोड़ें',
};
const tr = (source: string, values?: MessageValues) => fill(CATALOGUE[source] ?? source, values ?? {});

describe('texts with values', () => {
  it('fill gives the English the server sends', () => {
    expect(PLAIN.select('gender')).toBe('Please select gender');
    expect(loanAmountMessage('MFI_BUSINESS_LOAN')).toMatch(/^Loan amount must be between [\d,]+ and [\d,]+$/);
    expect(draftKeyMessage('bank_account')).toBe('This field cannot be saved here: bank_account');
  });

  it('localize finds the source again and translates the values that have a translation', () => {
    expect(localize(PLAIN.select('gender'), tr)).toBe('कृपया लिंग चुनें');
    expect(localize(loanAmountMessage('MFI_BUSINESS_LOAN'), tr)).toMatch(/^ऋण राशि [\d,]+ से [\d,]+ के बीच होनी चाहिए$/);
    const [blocker] = partyBlockers('MFI_BUSINESS_LOAN', [{ id: 'p1', type: 'CO_BORROWER', status: 'REJECTED', name: 'Asha Patil' }]);
    expect(localize(blocker!.message, tr)).toBe('सह-उधारकर्ता Asha Patil को ब्यूरो ने अस्वीकार किया');
  });

  it('a text with its own translation is not read as a template; an unknown text stays as it is', () => {
    expect(localize(coApplicantsMissing('MFI_BUSINESS_LOAN', [])!, tr)).toBe('आगे बढ़ने के लिए सह-उधारकर्ता जोड़ें');
    expect(localize('Rent must be paid', tr)).toBe('Rent must be paid');
    expect(localize(draftKeyMessage('x'), tr)).toBe('This field cannot be saved here: x');
  });

  it('every template has at least one placeholder', () => {
    for (const source of Object.values(TPL)) expect(source).toMatch(/\{\w+\}/);
  });
});
