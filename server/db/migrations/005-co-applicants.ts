export const m005CoApplicants = {
  id: '005_co_applicants',
  sql: `
-- Co-applicants (CO_BORROWER / GUARANTOR) of an application. status PENDING|APPROVED|REJECTED|REPLACED;
-- a replaced guarantor keeps its row with replaced_by = the new co-applicant's id. data holds the submitted fields.
CREATE TABLE co_applicants (
  id text NOT NULL,
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  record_index integer NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  approval_checks jsonb,
  replaced_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, application_id) REFERENCES applications (tenant_id, id)
);
CREATE INDEX co_applicants_app ON co_applicants (tenant_id, application_id, record_index);
-- One live (not replaced) co-applicant per record index of an application.
CREATE UNIQUE INDEX co_applicants_live_index ON co_applicants (tenant_id, application_id, record_index) WHERE status <> 'REPLACED';
`,
};
