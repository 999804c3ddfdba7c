export const m014Branches = {
  id: '014_branches',
  sql: `
-- An office hierarchy per tenant: one head office over its branches. Staff and applications belong to a branch, and
-- the review and verification roles work on their branch's applications only (server/services/staff-scope.ts).
-- Ids are short codes ('HO', 'B1', 'B2') so a row reads plainly; 'B1' is every tenant's first branch, where the staff
-- and applications of earlier versions were, and where a public visitor's application goes (it has no officer).
CREATE TABLE branches (
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  id text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('HEAD_OFFICE', 'BRANCH')),
  parent_id text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES branches (tenant_id, id),
  CHECK ((kind = 'HEAD_OFFICE') = (parent_id IS NULL))
);
INSERT INTO branches (tenant_id, id, name, kind, parent_id) SELECT tenant_id, 'HO', 'Head Office', 'HEAD_OFFICE', NULL FROM tenants;
INSERT INTO branches (tenant_id, id, name, kind, parent_id) SELECT tenant_id, 'B1', 'Pune Branch', 'BRANCH', 'HO' FROM tenants;

ALTER TABLE users ADD COLUMN branch_id text NOT NULL DEFAULT 'B1';
ALTER TABLE users ADD CONSTRAINT users_branch FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id);

ALTER TABLE applications ADD COLUMN branch_id text NOT NULL DEFAULT 'B1';
UPDATE applications a SET branch_id = u.branch_id FROM users u WHERE u.id = a.owner_user_id;
ALTER TABLE applications ADD CONSTRAINT applications_branch FOREIGN KEY (tenant_id, branch_id) REFERENCES branches (tenant_id, id);
CREATE INDEX applications_branch ON applications (tenant_id, branch_id, updated_at DESC);
`,
};
