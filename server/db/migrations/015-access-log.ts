export const m015AccessLog = {
  id: '015_access_log',
  sql: `
-- Who looked at a borrower's identity: every read of a document's content (a file link issued, the bytes served) and
-- of an application's identity fields (PAN, date of birth, Aadhaar last 4...), with the reader's user id and product
-- role at the time. DPDP Rules 2025 Rule 6: access to personal data is logged and the log kept at least a year
-- (server/services/access-log.ts never purges an entry younger than 365 days). Names of fields, never their values.
CREATE TABLE access_log (
  id bigserial PRIMARY KEY,
  tenant_id text NOT NULL,
  application_id text,
  user_id integer,
  subject text NOT NULL,
  role text,
  action text NOT NULL,
  file_id text,
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX access_log_application ON access_log (tenant_id, application_id, at DESC);
CREATE INDEX access_log_at ON access_log (at);
`,
};
