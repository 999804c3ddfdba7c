export const m012FileStore = {
  id: '012_file_store',
  sql: `
-- Instances on one PostgreSQL share uploaded files and chunked-upload parts through these tables
-- (server/storage/postgres-file-store.ts) when no FILE_STORE_URL names another store. An object is a header row
-- and chunk rows of at most 256 KB, written in one transaction. Photos and PDFs are already compressed: the
-- chunks are stored out of line without another compression pass.
CREATE TABLE stored_files (
  key text PRIMARY KEY,
  size integer NOT NULL,
  chunk_count integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE stored_file_chunks (
  key text NOT NULL REFERENCES stored_files(key) ON DELETE CASCADE,
  seq integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (key, seq)
);
ALTER TABLE stored_file_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- A chunked upload lists the stored parts that make it, in order; each PATCH adds its part in the same
-- statement that moves the offset, so a part written by a request that lost the race is never used. Parts
-- of uploads begun before this migration were one file on one instance's disk: those uploads restart at 0
-- (the client's next PATCH gets 409 with offset 0 and resends).
ALTER TABLE uploads ADD COLUMN parts jsonb NOT NULL DEFAULT '[]'::jsonb;
UPDATE uploads SET upload_offset = 0 WHERE file_id IS NULL AND upload_offset > 0;

-- Secrets every instance must agree on and that no operator set (FILE_URL_SECRET unset): made once by the first
-- instance to start, read by the others, so a presigned URL from one instance opens on any other and survives a
-- restart (server/services/shared-secret.ts).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
