// REQ-EMP-1 job_type: a self-employed borrower's income step is the business details, a salaried one's the
// employment form; both lead on to the bank account (a visitor's to the references: flow-context.ts).
export const incomeStep = (jobType: unknown) => (jobType === 'SALARIED' ? 'employment' : 'business');
