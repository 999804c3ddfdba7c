export const m007KeyEscrow = {
  id: '007_key_escrow',
  sql: `
-- 'Forgot PIN': a random secret per officer that wraps a second copy of the phone's data key. The server hands it
-- out only to a signed-in officer (a fresh OTP sign-in), so a new PIN can be set without losing unsynced work.
CREATE TABLE key_escrow (
  tenant_id text NOT NULL,
  user_id integer NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, user_id)
);
`,
};
