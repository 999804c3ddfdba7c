// Every queued write the phone sends, one entry each: how its request is built (API, methods, path, the contract's body
// schema), what its answer must look like before the phone caches it, which row of the authority table the server
// checks, how the answer is written back and which screen fixes a refusal. `enqueue` takes only an entry, so a write
// that is not here cannot be queued. The kind strings are stored in queued ops: never change one that has shipped.
import * as v from 'valibot';
import { ApplicationRecord } from '../../contracts/application-record';
import { BorrowerStartForm } from '../../contracts/application-start';
import { BankAccountInfo, BankVerifyRequest } from '../../contracts/bank-account';
import { BorrowerInfo } from '../../contracts/borrower';
import { BusinessInfo, StatementAnalysisRequest } from '../../contracts/business';
import { CoApplicantInfo } from '../../contracts/co-applicant';
import { CpvInfo, Pd1Review } from '../../contracts/cpv';
import { DeviationDecision } from '../../contracts/deviations';
import { EmploymentInfo } from '../../contracts/employment';
import { envelope } from '../../contracts/envelope';
import { FamilyMemberInfo } from '../../contracts/family-member';
import { KycInfo } from '../../contracts/kyc';
import { LoanOfferUpdate } from '../../contracts/loan-offer';
import { ReferencesBody } from '../../contracts/references';
import { CreateUploadRequest } from '../../contracts/uploads';
import { PanVerifyRequest, VoterVerifyRequest } from '../../contracts/verification';
import type { OpEntry } from './op-entry';

export type { OpEntry, QueuedBody } from './op-entry';

const entry = <K extends string, P, B extends v.GenericSchema, A extends v.GenericSchema>(e: OpEntry<K, P, B, A>) => e;

type App = { appId: string };
const app = ({ appId }: App) => `/v1/app/mfi/${appId}`;
const sub =
  (tail: string) =>
  ({ appId }: App) =>
    `${app({ appId })}/${tail}`;

/** Where a list step's record is saved: its application's list, or the saved record itself (`replace`: a co-applicant only). */
export type RecordAt = App & { recordId?: string; replace?: boolean };

/** Application writes answer with the application (contracts/application-record.ts). */
export const APPLICATION_ANSWER = envelope(ApplicationRecord);
const AppAnswer = APPLICATION_ANSWER;
const SavedRecord = envelope(v.looseObject({ id: v.string() }));
/** The verification API's answer, a refusal included (refusalIsAnswer). */
const CheckAnswer = v.looseObject({
  success: v.optional(v.boolean()),
  message: v.optional(v.string()),
  statusCode: v.optional(v.number()),
  status_code: v.optional(v.number()),
  data: v.optional(v.nullable(v.looseObject({}))),
});

/** Multipart fields of an upload: a record index may travel as text. */
const UploadForm = v.looseObject({
  ...CreateUploadRequest.entries,
  record_index: v.optional(v.nullable(v.union([v.number(), v.string()]))),
});

/** A write of the application itself: to the main API, answered with the application, which the phone caches. */
const appWrite = <K extends string, B extends v.GenericSchema>(
  e: Pick<OpEntry<K, App, B, typeof AppAnswer>, 'kind' | 'methods' | 'path' | 'body' | 'action' | 'fixAt'>,
) => entry({ ...e, api: 'main', answer: AppAnswer, writeBack: 'application' });

export const OP_CATALOGUE = {
  create: appWrite({ kind: 'application.create', methods: ['PUT'], path: app, body: BorrowerStartForm, action: null, fixAt: 'mobile' }),
  update: appWrite({
    kind: 'application.update',
    methods: ['PATCH'],
    path: app,
    body: v.looseObject({}),
    action: 'application.patch',
    fixAt: 'mobile',
  }),
  borrower: appWrite({
    kind: 'application.borrower',
    methods: ['PUT'],
    path: app,
    body: BorrowerInfo,
    action: 'borrower.submit',
    fixAt: 'mobile',
  }),
  kyc: appWrite({
    kind: 'application.kyc',
    methods: ['PATCH'],
    path: sub('basic-info'),
    body: KycInfo,
    action: 'kyc.submit',
    fixAt: 'kyc',
  }),
  bankAccount: appWrite({
    kind: 'application.bank-account',
    methods: ['POST', 'PATCH'],
    path: sub('bank-account'),
    body: BankAccountInfo,
    action: 'bank_account.submit',
    fixAt: 'bank-account-details',
  }),
  business: appWrite({
    kind: 'application.business',
    methods: ['POST', 'PATCH'],
    path: sub('business-detail'),
    body: BusinessInfo,
    action: 'business.submit',
    fixAt: 'business',
  }),
  statementAnalysis: entry({
    kind: 'application.statement-analysis',
    api: 'main',
    methods: ['POST'],
    path: () => '/v1/banking/bank-statement-info',
    body: StatementAnalysisRequest,
    // A refusal (a wrong password, a statement that is not a PDF) is its answer too: said, never a fix to make.
    answer: v.looseObject({ data: v.optional(v.nullable(v.looseObject({ download_url: v.optional(v.string()) }))) }),
    action: 'business.update',
    writeBack: 'module',
    fixAt: null,
    refusalIsAnswer: true,
  }),
  employment: appWrite({
    kind: 'application.employment',
    methods: ['POST'],
    path: sub('employment-info'),
    body: EmploymentInfo,
    action: 'employment.submit',
    fixAt: 'employment',
  }),
  cpv: entry({
    kind: 'application.cpv',
    api: 'main',
    methods: ['POST'],
    path: ({ appId, variant }: App & { variant: 'business' | 'residence' }) => `${app({ appId })}/${variant}-cpv-info`,
    body: CpvInfo,
    answer: AppAnswer,
    action: 'cpv.visit',
    writeBack: 'application',
    fixAt: 'cpv-info',
  }),
  references: appWrite({
    kind: 'application.references',
    methods: ['PATCH'],
    path: sub('reference'),
    body: ReferencesBody,
    action: 'references.submit',
    fixAt: 'references',
  }),
  pd1Review: appWrite({
    kind: 'application.pd1-review',
    methods: ['POST'],
    path: sub('pd1-review'),
    body: Pd1Review,
    action: 'pd1.review',
    fixAt: 'personal-discussion',
  }),
  loanOffer: entry({
    kind: 'application.loan-offer',
    api: 'main',
    methods: ['PATCH'],
    path: () => '/v1/bureau/bre',
    body: LoanOfferUpdate,
    answer: envelope(v.looseObject({ updated_info: v.optional(v.record(v.string(), v.unknown())) })),
    action: 'loan_offer.update',
    writeBack: 'none',
    fixAt: 'loan-offer',
  }),
  deviationDecision: appWrite({
    kind: 'application.deviation-decision',
    methods: ['POST'],
    path: sub('deviations/decision'),
    body: DeviationDecision,
    action: 'deviation.decide',
    fixAt: 'deviations',
  }),
  fileUpload: entry({
    kind: 'file.upload',
    api: 'main',
    methods: ['POST'],
    path: ({ path }: { path?: string }) => path ?? '/v1/file/upload',
    body: UploadForm,
    answer: envelope(v.looseObject({ file_id: v.string() })),
    action: 'files.attach',
    writeBack: 'none',
    fixAt: null,
  }),
  /** Several bank statements picked together: one multipart request, answered with each file's id in the order sent. */
  fileBulkUpload: entry({
    kind: 'file.bulk-upload',
    api: 'main',
    methods: ['POST'],
    path: () => '/v1/file/bulk-upload',
    body: UploadForm,
    answer: envelope(v.looseObject({ files: v.array(v.looseObject({ file_id: v.string() })) })),
    action: 'files.attach',
    writeBack: 'none',
    fixAt: null,
  }),
  verifyPan: entry({
    kind: 'verify.pan',
    api: 'verification',
    methods: ['POST'],
    path: () => '/v1/verify_pan_lite',
    body: PanVerifyRequest,
    answer: CheckAnswer,
    action: 'checks.run',
    writeBack: 'module',
    fixAt: 'mobile',
    refusalIsAnswer: true,
  }),
  verifyVoter: entry({
    kind: 'verify.voter_id',
    api: 'verification',
    methods: ['POST'],
    path: () => '/v1/perfios/kyc/verify-voter-id',
    body: VoterVerifyRequest,
    answer: CheckAnswer,
    action: 'checks.run',
    writeBack: 'module',
    fixAt: 'mobile',
    refusalIsAnswer: true,
  }),
  verifyBank: entry({
    kind: 'verify.bank',
    api: 'verification',
    methods: ['POST'],
    path: () => '/v1/perfios/kyc/verify-bank-acc-v3',
    body: BankVerifyRequest,
    answer: CheckAnswer,
    action: 'checks.run',
    writeBack: 'module',
    fixAt: 'bank-account-details',
    refusalIsAnswer: true,
  }),
  coApplicantSave: entry({
    kind: 'co-applicant.save',
    api: 'main',
    methods: ['POST', 'PATCH'],
    /** A new one, one that replaces a rejected guarantor, or an update of a saved one. */
    path: ({ appId, recordId, replace }: RecordAt) =>
      recordId ? `/v1/app/mfi/co-applicant/${recordId}` : `${app({ appId })}/co-applicant${replace ? '/replace' : ''}`,
    body: CoApplicantInfo,
    answer: SavedRecord,
    action: 'co_applicant.write',
    writeBack: 'module',
    fixAt: 'co-applicants',
  }),
  familySave: entry({
    kind: 'family-member.save',
    api: 'main',
    methods: ['POST', 'PATCH'],
    path: ({ appId, recordId }: RecordAt) => (recordId ? `/v1/app/mfi/family-member/${recordId}` : `${app({ appId })}/family-member`),
    body: FamilyMemberInfo,
    answer: SavedRecord,
    action: 'family.write',
    writeBack: 'module',
    fixAt: 'family-details',
  }),
} as const;

type Catalogue = typeof OP_CATALOGUE;
export type AnyOpEntry = Catalogue[keyof Catalogue];
/** Every kind of queued write: the catalogue's, and only those. */
export type OpKind = AnyOpEntry['kind'];

const BY_KIND: ReadonlyMap<string, AnyOpEntry> = new Map(Object.values(OP_CATALOGUE).map((e) => [e.kind, e]));

/** A kind read from a stored op: one of the catalogue's (ops queued by an older build carry the same names). */
export const isOpKind = (kind: unknown): kind is OpKind => typeof kind === 'string' && BY_KIND.has(kind);

/** The catalogue's entry for a stored op's kind; undefined for a kind this build does not know. */
export const opEntry = (kind: string): AnyOpEntry | undefined => BY_KIND.get(kind);

/** The answer of a done op, checked against its entry's answer schema; undefined when it does not hold. */
export function answerOf<E extends AnyOpEntry>(e: E, result: unknown): v.InferOutput<E['answer']> | undefined {
  const parsed = v.safeParse(e.answer, result);
  return parsed.success ? parsed.output : undefined;
}
