export const m003IdempotencyClaim = {
  id: '003_idempotency_claim',
  sql: `
-- Which claim owns an in-progress key: an instance that lost its claim (taken over as stale) must not
-- overwrite or release the record of the instance that took it over.
ALTER TABLE idempotency_keys ADD COLUMN claim_id text;
`,
};
