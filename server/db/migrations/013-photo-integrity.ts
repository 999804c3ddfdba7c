export const m013PhotoIntegrity = {
  id: '013_photo_integrity',
  sql: `
-- Field evidence on a visit photo's file row. evidence is what the phone said about the capture (camera or
-- picked, when, EXIF time and place, the reason for a worse fix); photo_hash its 64-bit dHash as a signed bigint, so
-- a reused photo is found in SQL by Hamming distance (bit_count of the XOR); integrity_flags what the server's rules
-- found (contracts/photo-integrity.ts), for reviewers. Flags inform; nothing is refused because of them.
ALTER TABLE files ADD COLUMN evidence jsonb;
ALTER TABLE files ADD COLUMN photo_hash bigint;
ALTER TABLE files ADD COLUMN integrity_flags jsonb NOT NULL DEFAULT '[]'::jsonb;
CREATE INDEX files_tenant_photo_hash ON files (tenant_id) WHERE photo_hash IS NOT NULL;
`,
};
