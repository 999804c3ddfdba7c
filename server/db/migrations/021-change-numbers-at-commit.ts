export const m021ChangeNumbersAtCommit = {
  id: '021_change_numbers_at_commit',
  sql: `
-- The change feed's numbers are now taken when the writing transaction commits, not when it first writes. Taken at the
-- first write, the tenant's counter row stayed locked for the rest of the transaction (its events, idempotency and
-- access-log writes, a file's upload record): every writer of a tenant waited for the one before to finish. Taken by a
-- deferred trigger, the row is locked only from the moment of commit to its end: the guarantee of 017 holds (a later
-- number is taken only once every earlier one has committed) and writers of one tenant run side by side until then.
--
-- A write marks its row pending (change_seq -1, which no pull's "above the cursor" can match); at commit the deferred
-- trigger gives it the next number, once however many times the transaction touched the row. A scope exit is marked
-- and numbered the same way, by its own deferred trigger, so a retention delete no longer holds the counter either.
CREATE OR REPLACE FUNCTION applications_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The number written over the pending mark at commit (applications_number below) is kept as it is.
  IF TG_OP = 'UPDATE' AND OLD.change_seq = -1 AND NEW.change_seq > 0 THEN RETURN NEW; END IF;
  NEW.change_seq := -1;
  IF TG_OP = 'UPDATE' AND (OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id) THEN
    INSERT INTO application_scope_exits (tenant_id, application_id, branch_id, owner_user_id, change_seq)
      VALUES (OLD.tenant_id, OLD.id, OLD.branch_id, OLD.owner_user_id, -1);
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION applications_exit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_scope_exits (tenant_id, application_id, branch_id, owner_user_id, change_seq)
    VALUES (OLD.tenant_id, OLD.id, OLD.branch_id, OLD.owner_user_id, -1);
  RETURN NULL;
END $$;

CREATE FUNCTION applications_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET change_seq = next_change_seq(NEW.tenant_id)
    WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND change_seq = -1;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER applications_number AFTER INSERT OR UPDATE ON applications DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.change_seq = -1) EXECUTE FUNCTION applications_number();

CREATE FUNCTION scope_exits_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE application_scope_exits SET change_seq = next_change_seq(NEW.tenant_id)
    WHERE tenant_id = NEW.tenant_id AND application_id = NEW.application_id AND change_seq = -1;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER scope_exits_number AFTER INSERT ON application_scope_exits DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.change_seq = -1) EXECUTE FUNCTION scope_exits_number();
`,
};
