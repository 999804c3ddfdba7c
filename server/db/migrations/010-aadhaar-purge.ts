export const m010AadhaarPurge = {
  id: '010_aadhaar_purge',
  sql: `
-- Full Aadhaar numbers are never kept under any key. Earlier versions of the open merge PATCH stored what a
-- client sent (aadhaar_last4 with 12 digits, uid, nested kyc.aadhaar, free text). This purges what is stored: a key
-- naming Aadhaar (any case, any depth; not a file id key) keeps only its last 4 digits, and a 12-digit run in any
-- other string, except under keys naming an account number, keeps only its last 4. Writes are typed from now on.
CREATE OR REPLACE FUNCTION flo_mask_aadhaar(j jsonb, k text DEFAULT '') RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  result jsonb;
  e record;
  digits text;
BEGIN
  IF j IS NULL THEN RETURN j; END IF;
  CASE jsonb_typeof(j)
    WHEN 'object' THEN
      result := '{}'::jsonb;
      FOR e IN SELECT key, value FROM jsonb_each(j) LOOP
        result := result || jsonb_build_object(e.key, flo_mask_aadhaar(e.value, e.key));
      END LOOP;
      RETURN result;
    WHEN 'array' THEN
      SELECT COALESCE(jsonb_agg(flo_mask_aadhaar(x, k)), '[]'::jsonb) INTO result FROM jsonb_array_elements(j) AS x;
      RETURN result;
    WHEN 'string', 'number' THEN
      IF k ~* '(aadhaa?r|uid)' AND k !~* '(_files?$|from_aadhaar$)' THEN
        digits := regexp_replace(j #>> '{}', '\\D', '', 'g');
        IF length(digits) > 4 THEN RETURN to_jsonb(right(digits, 4)); END IF;
        RETURN j;
      END IF;
      IF jsonb_typeof(j) = 'string' AND k !~* 'account' THEN
        RETURN to_jsonb(regexp_replace(j #>> '{}', '\\m\\d{4}[ -]?\\d{4}[ -]?(\\d{4})\\M', 'XXXX XXXX \\1', 'g'));
      END IF;
      RETURN j;
    ELSE
      RETURN j;
  END CASE;
END
$fn$;

UPDATE applications SET data = flo_mask_aadhaar(data) WHERE data::text ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}';
UPDATE co_applicants SET data = flo_mask_aadhaar(data) WHERE data::text ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}';
UPDATE family_members SET data = flo_mask_aadhaar(data) WHERE data::text ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}';
UPDATE partner_requests SET data = flo_mask_aadhaar(data) WHERE data::text ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}';
UPDATE application_events SET body = flo_mask_aadhaar(body) WHERE body::text ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}';
-- Stored first answers of idempotent writes echo the application: masked likewise.
DELETE FROM idempotency_keys WHERE body ~ '\\d{4}[ -]?\\d{4}[ -]?\\d{4}' AND body ~* 'aadhaa?r|uid';
`,
};
