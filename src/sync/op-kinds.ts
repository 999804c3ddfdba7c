// Every kind of outbox op, in one place. The value is stored in each queued op, names it in the sync center, picks
// its write-back (src/sync/result-handlers.ts, src/app/result-handlers.ts) and lets a screen find its own queued op:
// never change one that has shipped.
export const OP_KINDS = {
  create: 'application.create',
  update: 'application.update',
  borrower: 'application.borrower',
  kyc: 'application.kyc',
  bankAccount: 'application.bank-account',
  business: 'application.business',
  statementAnalysis: 'application.statement-analysis',
  employment: 'application.employment',
  cpv: 'application.cpv',
  references: 'application.references',
  pd1Review: 'application.pd1-review',
  loanOffer: 'application.loan-offer',
  deviationDecision: 'application.deviation-decision',
  fileUpload: 'file.upload',
  verifyPan: 'verify.pan',
  verifyVoter: 'verify.voter_id',
  verifyBank: 'verify.bank',
  coApplicantSave: 'co-applicant.save',
  familySave: 'family-member.save',
} as const;

export type OpKind = (typeof OP_KINDS)[keyof typeof OP_KINDS];

/** Kinds whose result handlers live in modules loaded on demand (kept out of the first download). */
export const LAZY_KINDS = {
  verifyPan: OP_KINDS.verifyPan,
  verifyVoter: OP_KINDS.verifyVoter,
  verifyBank: OP_KINDS.verifyBank,
  coApplicantSave: OP_KINDS.coApplicantSave,
  familySave: OP_KINDS.familySave,
  statementAnalysis: OP_KINDS.statementAnalysis,
} as const;
