export const m008PublicApplications = {
  id: '008_public_applications',
  sql: `
-- Public visitors start an application by verifying their mobile with an OTP: such an application has no
-- staff owner (origin 'public', owner_user_id NULL), and there is at most one per tenant and mobile, so a visitor who
-- comes back on another day continues the same one.
ALTER TABLE applications ALTER COLUMN owner_user_id DROP NOT NULL;
ALTER TABLE applications ADD COLUMN origin text NOT NULL DEFAULT 'staff' CHECK (origin IN ('staff', 'public'));
ALTER TABLE applications ADD CONSTRAINT applications_owner_by_origin CHECK ((origin = 'staff') = (owner_user_id IS NOT NULL));
CREATE UNIQUE INDEX applications_public_mobile ON applications (tenant_id, phone) WHERE origin = 'public';
-- Public tracking looks an application up by its external loan id (tracker_id).
CREATE UNIQUE INDEX applications_tracker ON applications (tenant_id, tracker_id);

-- A guest token reaches only the application its OTP created or returned.
ALTER TABLE sessions ADD COLUMN application_id text;
`,
};
