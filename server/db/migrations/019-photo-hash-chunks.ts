export const m019PhotoHashChunks = {
  id: '019_photo_hash_chunks',
  sql: `
-- The reused-photo search through an index (server/files/photo-hash-index.ts, multi-index hashing): the 64-bit
-- photo hash cut into three substrings of 22, 21 and 21 bits from the top bit down, each in its own column with a
-- tenant-scoped index. Generated from photo_hash, so every writer keeps them right and the existing rows are filled
-- as the columns are added. The scan's index on the tenant alone has no reader left.
ALTER TABLE files
  ADD COLUMN photo_hash_c0 integer GENERATED ALWAYS AS (((photo_hash >> 42) & 4194303)::integer) STORED,
  ADD COLUMN photo_hash_c1 integer GENERATED ALWAYS AS (((photo_hash >> 21) & 2097151)::integer) STORED,
  ADD COLUMN photo_hash_c2 integer GENERATED ALWAYS AS ((photo_hash & 2097151)::integer) STORED;
CREATE INDEX files_photo_hash_c0 ON files (tenant_id, photo_hash_c0) WHERE photo_hash IS NOT NULL;
CREATE INDEX files_photo_hash_c1 ON files (tenant_id, photo_hash_c1) WHERE photo_hash IS NOT NULL;
CREATE INDEX files_photo_hash_c2 ON files (tenant_id, photo_hash_c2) WHERE photo_hash IS NOT NULL;
DROP INDEX files_tenant_photo_hash;
`,
};
