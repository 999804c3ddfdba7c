// REQ-HOME-3: the stage markers that accumulate on an application as steps are submitted.
export const STAGES = [
  'BORROWER_INFO',
  'BORROWER_BASIC_INFO',
  'CO_BORROWER',
  'GUARANTOR',
  'FAMILY_MEMBER',
  'BUSINESS_INFO',
  'BANK_ACCOUNT',
  'CPV_BUSINESS_PLACE',
  'CPV_RESIDENCE',
  'REFERENCES',
] as const;
export type Stage = (typeof STAGES)[number];
