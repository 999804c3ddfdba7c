// Kinds of ops whose result handlers live in feature modules loaded on demand (kept out of the first download).
export const LAZY_KINDS = { verifyPan: 'verify.pan', verifyVoter: 'verify.voter_id', verifyBank: 'verify.bank', coApplicantSave: 'co-applicant.save', familySave: 'family-member.save' } as const;
