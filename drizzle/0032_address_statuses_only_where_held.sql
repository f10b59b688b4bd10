-- decision 020's amendment of 2026-12-02: an address that no company holds costs one index probe, not an
-- UPDATE. Migration 0031's loop updated companies once per changed address; a first load records every
-- address before its company exists, so each of those updates found nothing yet still fired the companies
-- table's statement trigger (bump_data_version, one upsert of data_versions each): 90,000 of them in a
-- 100,000-row first import, 2.5 s of the database's time. The probe reads companies_email_lower_idx as the
-- update did; an address some company holds is updated as before.
CREATE OR REPLACE FUNCTION email_addresses_to_companies() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
DECLARE
  n record;
BEGIN
  FOR n IN SELECT a.email, a.status, a.checked_at, a.source FROM changed_addresses a LOOP
    IF EXISTS (SELECT 1 FROM companies c WHERE lower(c.email) = n.email) THEN
      UPDATE companies c SET email_status = n.status, email_checked_at = n.checked_at, email_source = n.source
      WHERE lower(c.email) = n.email
        AND (c.email_status, c.email_checked_at, c.email_source) IS DISTINCT FROM (n.status, n.checked_at, n.source);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
