export const m002Applications = {
  id: '002_applications',
  sql: `
CREATE TABLE applications (
  id text NOT NULL,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  owner_user_id integer NOT NULL REFERENCES users(id),
  phone text NOT NULL,
  status text NOT NULL DEFAULT 'DRAFT',
  stages text[] NOT NULL DEFAULT '{}',
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  tracker_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX applications_owner ON applications (tenant_id, owner_user_id, updated_at DESC);
CREATE INDEX applications_phone ON applications (tenant_id, phone);

CREATE TABLE application_events (
  seq bigserial PRIMARY KEY,
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  kind text NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (tenant_id, application_id) REFERENCES applications (tenant_id, id)
);
CREATE INDEX application_events_app ON application_events (tenant_id, application_id, seq);
`,
};
