export const m022NameWords = {
  id: '022_name_words',
  sql: `
-- Search by part of a name at a lender's scale. The trigram index finds every application whose name holds the part
-- (25,000 for a common surname at 1,000,000) before the first one can be counted or shown, however few are wanted.
-- Here each application's name is also kept as its words, each word's applications in each scope's list order: a
-- part of a name maps to the few words that hold it (name_words, the lender's vocabulary), and the first page or the
-- capped count is the first rows of those words' index ranges (server/services/name-search.ts).
--
-- No write may land between the copy below and the triggers that keep it (an instance still running the old code
-- during a rolling start): it would be missing from the words for good.
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE name_words (
  tenant_id text NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (tenant_id, word)
);

CREATE TABLE application_name_words (
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  word text NOT NULL,
  branch_id text NOT NULL,
  owner_user_id integer,
  updated_at timestamptz NOT NULL,
  -- The whole name in lower case, for a search of several pieces (their order, the spaces between them) checked on
  -- the index entry: LIKE on both sides in lower case is what ILIKE does in a multi-byte encoding. Null for a name too
  -- long for an index entry: that one is checked on the application.
  name text,
  PRIMARY KEY (tenant_id, application_id, word)
);

-- A name's words as the search compares them: lower case, split on white space (the search splits its own text here
-- too, so both agree on every kind of space). A word too long for an index entry is kept as '' (the search checks
-- those applications on their whole name).
CREATE FUNCTION name_words_of(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT CASE WHEN octet_length(w) > 400 THEN '' ELSE w END
    FROM regexp_split_to_table(lower(COALESCE(name, '')), '\\s+') w WHERE w <> ''
$$;
CREATE FUNCTION name_words_name(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN octet_length(name) <= 1000 THEN lower(name) END
$$;

INSERT INTO application_name_words (tenant_id, application_id, word, branch_id, owner_user_id, updated_at, name)
  SELECT a.tenant_id, a.id, w, a.branch_id, a.owner_user_id, a.updated_at, name_words_name(a.data->>'name')
  FROM applications a, name_words_of(a.data->>'name') w;
INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM application_name_words WHERE word <> '';

CREATE INDEX application_name_words_tenant ON application_name_words (tenant_id, word, updated_at DESC, application_id) INCLUDE (name);
CREATE INDEX application_name_words_branch ON application_name_words (tenant_id, branch_id, word, updated_at DESC, application_id) INCLUDE (name);
CREATE INDEX application_name_words_owner ON application_name_words (tenant_id, owner_user_id, word, updated_at DESC, application_id) INCLUDE (name);

-- Kept in the writing transaction. A write that changes neither the name, the list position nor the scope (the change
-- feed's numbering, a part's touch) does nothing here. A word new to the lender is added, never counted: writers of
-- one tenant meet on a word only when both add it at once. Words no application uses any more are pruned with the
-- retention run (server/services/retention.ts).
CREATE FUNCTION application_name_words_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The usual write: the same name at a new list position.
  IF TG_OP = 'UPDATE' AND OLD.tenant_id = NEW.tenant_id AND OLD.id = NEW.id AND OLD.data->>'name' IS NOT DISTINCT FROM NEW.data->>'name' THEN
    UPDATE application_name_words SET branch_id = NEW.branch_id, owner_user_id = NEW.owner_user_id, updated_at = NEW.updated_at
      WHERE tenant_id = NEW.tenant_id AND application_id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM application_name_words WHERE tenant_id = OLD.tenant_id AND application_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO application_name_words (tenant_id, application_id, word, branch_id, owner_user_id, updated_at, name)
      SELECT NEW.tenant_id, NEW.id, w, NEW.branch_id, NEW.owner_user_id, NEW.updated_at, name_words_name(NEW.data->>'name')
      FROM name_words_of(NEW.data->>'name') w;
    INSERT INTO name_words (tenant_id, word)
      SELECT NEW.tenant_id, w FROM name_words_of(NEW.data->>'name') w WHERE w <> '' ORDER BY w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER application_name_words_insert AFTER INSERT OR DELETE ON applications FOR EACH ROW
  EXECUTE FUNCTION application_name_words_keep();
CREATE TRIGGER application_name_words_update AFTER UPDATE ON applications FOR EACH ROW
  WHEN (OLD.data->>'name' IS DISTINCT FROM NEW.data->>'name' OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id
    OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION application_name_words_keep();

-- The vocabulary's own trigram index where the database has pg_trgm (018 created it); without it the vocabulary,
-- a few thousand words, is scanned.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX name_words_trgm ON name_words USING gin (word gin_trgm_ops);
  END IF;
END $$;
`,
};
