// The catalogue of queued writes, entry by entry: the request each builds, the contract its body is checked by, the
// answer it accepts before caching; kinds stored by earlier builds still resolve, and unknown ones do not.
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BorrowerStartForm } from '../../contracts/application-start';
import { ACTIONS } from '../../contracts/authority';
import { BankAccountInfo, BankVerifyRequest } from '../../contracts/bank-account';
import { BorrowerInfo } from '../../contracts/borrower';
import { BusinessInfo, StatementAnalysisRequest } from '../../contracts/business';
import { CoApplicantInfo } from '../../contracts/co-applicant';
import { CpvInfo, Pd1Review } from '../../contracts/cpv';
import { DeviationDecision } from '../../contracts/deviations';
import { EmploymentInfo } from '../../contracts/employment';
import { FamilyMemberInfo } from '../../contracts/family-member';
import { KycInfo } from '../../contracts/kyc';
import { LoanOfferUpdate } from '../../contracts/loan-offer';
import { ReferencesBody } from '../../contracts/references';
import { PanVerifyRequest, VoterVerifyRequest } from '../../contracts/verification';
import { opFor } from './enqueue';
import { type AnyOpEntry, answerOf, isOpKind, OP_CATALOGUE, opEntry } from './op-catalogue';
import { answerFits } from './op-send';

const A = 'a'.repeat(32);
type Row = [name: keyof typeof OP_CATALOGUE, kind: string, api: string, methods: string[], path: string, body: v.GenericSchema | null];

// name, stored kind, API, methods, path for application A (at: the path parameters below), the contract of its body.
const TABLE: Row[] = [
  ['create', 'application.create', 'main', ['PUT'], `/v1/app/mfi/${A}`, BorrowerStartForm],
  ['update', 'application.update', 'main', ['PATCH'], `/v1/app/mfi/${A}`, null],
  ['borrower', 'application.borrower', 'main', ['PUT'], `/v1/app/mfi/${A}`, BorrowerInfo],
  ['kyc', 'application.kyc', 'main', ['PATCH'], `/v1/app/mfi/${A}/basic-info`, KycInfo],
  ['bankAccount', 'application.bank-account', 'main', ['POST', 'PATCH'], `/v1/app/mfi/${A}/bank-account`, BankAccountInfo],
  ['business', 'application.business', 'main', ['POST', 'PATCH'], `/v1/app/mfi/${A}/business-detail`, BusinessInfo],
  ['statementAnalysis', 'application.statement-analysis', 'main', ['POST'], '/v1/banking/bank-statement-info', StatementAnalysisRequest],
  ['employment', 'application.employment', 'main', ['POST'], `/v1/app/mfi/${A}/employment-info`, EmploymentInfo],
  ['cpv', 'application.cpv', 'main', ['POST'], `/v1/app/mfi/${A}/residence-cpv-info`, CpvInfo],
  ['references', 'application.references', 'main', ['PATCH'], `/v1/app/mfi/${A}/reference`, ReferencesBody],
  ['pd1Review', 'application.pd1-review', 'main', ['POST'], `/v1/app/mfi/${A}/pd1-review`, Pd1Review],
  ['loanOffer', 'application.loan-offer', 'main', ['PATCH'], '/v1/bureau/bre', LoanOfferUpdate],
  ['deviationDecision', 'application.deviation-decision', 'main', ['POST'], `/v1/app/mfi/${A}/deviations/decision`, DeviationDecision],
  ['fileUpload', 'file.upload', 'main', ['POST'], '/v1/file/upload', null],
  ['fileBulkUpload', 'file.bulk-upload', 'main', ['POST'], '/v1/file/bulk-upload', null],
  ['verifyPan', 'verify.pan', 'verification', ['POST'], '/v1/verify_pan_lite', PanVerifyRequest],
  ['verifyVoter', 'verify.voter_id', 'verification', ['POST'], '/v1/perfios/kyc/verify-voter-id', VoterVerifyRequest],
  ['verifyBank', 'verify.bank', 'verification', ['POST'], '/v1/perfios/kyc/verify-bank-acc-v3', BankVerifyRequest],
  ['coApplicantSave', 'co-applicant.save', 'main', ['POST', 'PATCH'], `/v1/app/mfi/${A}/co-applicant`, CoApplicantInfo],
  ['familySave', 'family-member.save', 'main', ['POST', 'PATCH'], `/v1/app/mfi/${A}/family-member`, FamilyMemberInfo],
];

const AT = { appId: A, variant: 'residence' } as const;
/** Every path builder takes the parameters it names out of AT. */
const pathOf = (e: AnyOpEntry): unknown => Reflect.apply(e.path, undefined, [AT]);

describe('the op catalogue', () => {
  it('has one row per entry and one entry per kind', () => {
    expect(Object.keys(OP_CATALOGUE).sort()).toEqual(TABLE.map((r) => r[0]).sort());
    expect(new Set(Object.values(OP_CATALOGUE).map((e) => e.kind)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%s: kind %s, %s API, %j, path %s, the contract body', (name, kind, api, methods, path, body) => {
    const e = OP_CATALOGUE[name];
    expect(e.kind).toBe(kind);
    expect(e.api).toBe(api);
    expect([...e.methods]).toEqual(methods);
    expect(pathOf(e)).toBe(path);
    if (body) expect(e.body).toBe(body);
    expect(e.action === null || ACTIONS.includes(e.action)).toBe(true);
    expect(opEntry(kind)).toBe(e);
    expect(isOpKind(kind)).toBe(true);
  });

  it('builds the paths of an update and of a guarantor replacement', () => {
    expect(OP_CATALOGUE.coApplicantSave.path({ appId: A, recordId: 'c1' })).toBe('/v1/app/mfi/co-applicant/c1');
    expect(OP_CATALOGUE.coApplicantSave.path({ appId: A, replace: true })).toBe(`/v1/app/mfi/${A}/co-applicant/replace`);
    expect(OP_CATALOGUE.familySave.path({ appId: A, recordId: 'f1' })).toBe('/v1/app/mfi/family-member/f1');
    expect(OP_CATALOGUE.cpv.path({ appId: A, variant: 'business' })).toBe(`/v1/app/mfi/${A}/business-cpv-info`);
  });

  it('refuses a method its entry does not name', () => {
    expect(() => opFor(OP_CATALOGUE.kyc, { appId: A, at: { appId: A }, body: {}, method: 'POST' })).toThrow(/not sent with POST/);
  });

  it('marks the checks, and only them, as answered by a refusal', () => {
    // The statement analysis too: a wrong password or a statement that is not a PDF is its answer, said to the officer.
    const checks = Object.values(OP_CATALOGUE).filter((e) => 'refusalIsAnswer' in e && e.refusalIsAnswer);
    expect(checks.map((e) => e.kind).sort()).toEqual(['application.statement-analysis', 'verify.bank', 'verify.pan', 'verify.voter_id']);
    const body = { pan: 'ABCDE1234F', application_id: A };
    expect(opFor(OP_CATALOGUE.verifyPan, { appId: A, at: {}, body })).toMatchObject({
      kind: 'verify.pan',
      api: 'verification',
      method: 'POST',
      path: '/v1/verify_pan_lite',
      body,
      refusalIsAnswer: true,
    });
    expect(opFor(OP_CATALOGUE.kyc, { appId: A, at: { appId: A }, body: {} })).toMatchObject({
      kind: 'application.kyc',
      method: 'PATCH',
      path: `/v1/app/mfi/${A}/basic-info`,
      refusalIsAnswer: undefined,
    });
  });

  it.each(['k', 'application.unknown', '', 'APPLICATION.KYC'])('rejects the unknown kind %j', (kind) => {
    expect(isOpKind(kind)).toBe(false);
    expect(opEntry(kind)).toBeUndefined();
  });
});

describe('answers are checked before they are cached', () => {
  const app = { success: true, data: { id: A, status: 'DRAFT', stages: ['BORROWER_INFO'] } };
  it.each([
    ['an application write, its application', 'application.kyc', app, true],
    ['an application write, no data', 'application.kyc', { success: true }, false],
    ['an application write, data of the wrong type', 'application.kyc', { success: true, data: { stages: 'KYC' } }, false],
    ['a list save, its record', 'co-applicant.save', { success: true, data: { id: 'c1', name: 'X' } }, true],
    ['a list save, a record without id', 'family-member.save', { success: true, data: { name: 'X' } }, false],
    ['a check, its refusal', 'verify.pan', { success: false, statusCode: 400, message: 'Invalid PAN' }, true],
    ['an upload, its file id', 'file.upload', { success: true, data: { file_id: 'f1' } }, true],
    ['an unknown kind, anything (no contract to hold it to)', 'test.kind', 'anything', true],
  ])('%s', (_what, kind, answer, fits) => {
    expect(answerFits({ kind }, answer)).toBe(fits);
  });

  it('gives the typed answer, or nothing', () => {
    expect(answerOf(OP_CATALOGUE.loanOffer, { success: true, data: { updated_info: { a: 1 } } })?.data.updated_info).toEqual({ a: 1 });
    expect(answerOf(OP_CATALOGUE.loanOffer, { success: true, data: 'x' })).toBeUndefined();
  });
});
