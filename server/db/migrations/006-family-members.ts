export const m006FamilyMembers = {
  id: '006_family_members',
  sql: `
-- Family members of an application (at most 6, contracts/family-member.ts FAMILY_LIMIT). id: 32 hex made by
-- the server; data holds the submitted FamilyMemberInfo fields.
CREATE TABLE family_members (
  id text NOT NULL,
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  record_index integer NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, application_id) REFERENCES applications (tenant_id, id)
);
-- One family member per record index of an application; also the list's order.
CREATE UNIQUE INDEX family_members_app_index ON family_members (tenant_id, application_id, record_index);
`,
};
