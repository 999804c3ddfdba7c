export const m018ListIndexes = {
  id: '018_list_indexes',
  sql: `
-- The application lists at a lender's scale (server/services/application-list.ts). Each role's list is read in its
-- own order from its own index, so a page is the next rows of one index range (keyset), not a sort of the tenant:
-- the officer's own (owner), the branch roles' (branch), the head office's (tenant). id ends each key, as it ends the
-- ORDER BY, so a cursor names one row exactly. They replace the indexes without id.
DROP INDEX IF EXISTS applications_owner;
DROP INDEX IF EXISTS applications_branch;
CREATE INDEX applications_owner_list ON applications (tenant_id, owner_user_id, updated_at DESC, id);
CREATE INDEX applications_branch_list ON applications (tenant_id, branch_id, updated_at DESC, id);
CREATE INDEX applications_tenant_list ON applications (tenant_id, updated_at DESC, id);

-- Search by the start of a mobile, an application id or a tracker id: a btree in pattern order answers LIKE 'x%'
-- under any collation.
CREATE INDEX applications_phone_prefix ON applications (tenant_id, phone text_pattern_ops);
CREATE INDEX applications_id_prefix ON applications (tenant_id, id text_pattern_ops);
CREATE INDEX applications_tracker_prefix ON applications (tenant_id, tracker_id text_pattern_ops);

-- Search by part of a name (ILIKE '%part%') through trigrams where the database offers pg_trgm (PostgreSQL ships
-- it; the embedded PGlite does not unless loaded). Without it the same query answers the same rows, by scanning.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX applications_name_trgm ON applications USING gin ((data->>'name') gin_trgm_ops);
    -- A finer histogram of names, so the planner knows a common part (many matches: walk the list index and filter)
    -- from a rare one (few: the trigram index, then sort).
    ALTER INDEX applications_name_trgm ALTER COLUMN 1 SET STATISTICS 1000;
    -- A branch's or an officer's search: the scope inside the same index (btree_gin), so a name part common in the
    -- lender but rare in the branch is answered from the index, not by checking each of the lender's matches.
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
      CREATE EXTENSION IF NOT EXISTS btree_gin;
      CREATE INDEX applications_name_scope_trgm ON applications
        USING gin (tenant_id, branch_id, owner_user_id, (data->>'name') gin_trgm_ops);
    END IF;
  END IF;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm unavailable: name search scans (%)', SQLERRM;
END $$;

-- How many applications each scope holds, kept in the writing transaction, so a list's count reads a few rows
-- (one per officer of a branch) instead of counting the tenant. One row per (branch, owner): concurrent writers of
-- different officers never wait on the same row. A public visitor's application has no officer: owner 0 (no user has
-- id 0), so the key stays whole.
CREATE TABLE application_counts (
  tenant_id text NOT NULL,
  branch_id text NOT NULL,
  owner_user_id integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, branch_id, owner_user_id)
);
INSERT INTO application_counts (tenant_id, branch_id, owner_user_id, n)
  SELECT tenant_id, branch_id, COALESCE(owner_user_id, 0), count(*) FROM applications GROUP BY 1, 2, 3;

CREATE FUNCTION applications_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE application_counts SET n = n - 1
      WHERE tenant_id = OLD.tenant_id AND branch_id = OLD.branch_id AND owner_user_id = COALESCE(OLD.owner_user_id, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO application_counts (tenant_id, branch_id, owner_user_id, n) VALUES (NEW.tenant_id, NEW.branch_id, COALESCE(NEW.owner_user_id, 0), 1)
      ON CONFLICT (tenant_id, branch_id, owner_user_id) DO UPDATE SET n = application_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER applications_count AFTER INSERT OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION applications_count();
CREATE TRIGGER applications_count_move AFTER UPDATE OF tenant_id, branch_id, owner_user_id ON applications FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.branch_id IS DISTINCT FROM NEW.branch_id
    OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id)
  EXECUTE FUNCTION applications_count();
`,
};
