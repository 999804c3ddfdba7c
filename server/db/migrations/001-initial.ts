export const m001Initial = {
  id: '001_initial',
  sql: `
CREATE TABLE tenants (
  tenant_id text PRIMARY KEY,
  name text NOT NULL,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  mobile text NOT NULL,
  role text NOT NULL DEFAULT 'MFI_EMPLOYEE',
  designation text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  pincode text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  bank_name text NOT NULL DEFAULT '',
  account_number text NOT NULL DEFAULT '',
  ifsc text NOT NULL DEFAULT '',
  pan text NOT NULL DEFAULT '',
  aadhaar_front text NOT NULL DEFAULT '',
  aadhaar_back text NOT NULL DEFAULT '',
  cancelled_cheque text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  UNIQUE (tenant_id, mobile)
);

CREATE TABLE otp_sessions (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  purpose text NOT NULL DEFAULT 'login',
  mobile text NOT NULL,
  user_id integer REFERENCES users(id),
  otp_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts integer NOT NULL DEFAULT 0,
  locked_at timestamptz,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE otp_send_log (
  id serial PRIMARY KEY,
  tenant_id text NOT NULL,
  mobile text,
  ip text NOT NULL,
  accepted boolean NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_send_log_mobile ON otp_send_log (tenant_id, mobile, created_at);
CREATE INDEX otp_send_log_ip ON otp_send_log (ip, created_at);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  kind text NOT NULL CHECK (kind IN ('staff', 'guest')),
  user_id integer REFERENCES users(id),
  mobile text,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE files (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  owner text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  path text NOT NULL,
  original_name text NOT NULL DEFAULT '',
  geo_tag jsonb,
  file_type text,
  upload_type text,
  application_id text,
  record_index integer,
  name_prefix text,
  created_at timestamptz NOT NULL
);
CREATE INDEX files_tenant_app ON files (tenant_id, application_id);

CREATE TABLE uploads (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  owner text NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  upload_offset integer NOT NULL DEFAULT 0,
  chunk_size integer NOT NULL,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  file_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE idempotency_keys (
  tenant_id text NOT NULL,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`,
};
