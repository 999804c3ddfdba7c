export const m017ChangeFeed = {
  id: '017_change_feed',
  sql: `
-- The change feed (GET /v1/sync/changes, server/services/change-feed.ts): every write to an application or to a
-- part of it (co-applicants, family members, files) stamps the application with the next number of its tenant's
-- counter. The number is taken by UPDATE ... RETURNING on the tenant's counter row inside the writing transaction:
-- the row lock is held to commit, so a later number can only be taken once every earlier one has committed, and a
-- reader that saw number n can never later find a number below n committing (a plain sequence would let a slow
-- transaction commit an older number behind the cursor, and that change would never reach the phone).
CREATE TABLE change_counters (
  tenant_id text PRIMARY KEY REFERENCES tenants(tenant_id),
  value bigint NOT NULL DEFAULT 0
);
INSERT INTO change_counters (tenant_id) SELECT tenant_id FROM tenants;

ALTER TABLE applications ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
CREATE INDEX applications_change_seq ON applications (tenant_id, change_seq);

-- Where an application was before it left a scope (another branch, another owner, deleted by retention), stamped with
-- the number of that change: the feed tells the phones that held it to drop it, without naming it to anyone else.
CREATE TABLE application_scope_exits (
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  branch_id text NOT NULL,
  owner_user_id integer,
  change_seq bigint NOT NULL
);
CREATE INDEX application_scope_exits_seq ON application_scope_exits (tenant_id, change_seq);

CREATE FUNCTION next_change_seq(t text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE change_counters SET value = value + 1 WHERE tenant_id = t RETURNING value INTO v;
  IF v IS NULL THEN
    INSERT INTO change_counters (tenant_id, value) VALUES (t, 1)
      ON CONFLICT (tenant_id) DO UPDATE SET value = change_counters.value + 1 RETURNING value INTO v;
  END IF;
  RETURN v;
END $$;

CREATE FUNCTION applications_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := next_change_seq(NEW.tenant_id);
  IF TG_OP = 'UPDATE' AND (OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id) THEN
    INSERT INTO application_scope_exits (tenant_id, application_id, branch_id, owner_user_id, change_seq)
      VALUES (OLD.tenant_id, OLD.id, OLD.branch_id, OLD.owner_user_id, NEW.change_seq);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER applications_stamp BEFORE INSERT OR UPDATE ON applications FOR EACH ROW EXECUTE FUNCTION applications_stamp();

CREATE FUNCTION applications_exit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_scope_exits (tenant_id, application_id, branch_id, owner_user_id, change_seq)
    VALUES (OLD.tenant_id, OLD.id, OLD.branch_id, OLD.owner_user_id, next_change_seq(OLD.tenant_id));
  RETURN NULL;
END $$;
CREATE TRIGGER applications_exit AFTER DELETE ON applications FOR EACH ROW EXECUTE FUNCTION applications_exit();

-- A part's write touches its application, whose stamp trigger gives it the next number.
CREATE FUNCTION application_part_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t text; a text;
BEGIN
  IF TG_OP = 'DELETE' THEN t := OLD.tenant_id; a := OLD.application_id; ELSE t := NEW.tenant_id; a := NEW.application_id; END IF;
  IF a IS NOT NULL THEN UPDATE applications SET change_seq = 0 WHERE tenant_id = t AND id = a; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER co_applicants_stamp AFTER INSERT OR UPDATE OR DELETE ON co_applicants FOR EACH ROW EXECUTE FUNCTION application_part_stamp();
CREATE TRIGGER family_members_stamp AFTER INSERT OR UPDATE OR DELETE ON family_members FOR EACH ROW EXECUTE FUNCTION application_part_stamp();
CREATE TRIGGER files_stamp AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION application_part_stamp();

-- Applications written before the feed get distinct numbers, so a first pull can page through them.
UPDATE applications SET change_seq = 0;
`,
};
