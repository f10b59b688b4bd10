-- Issue 17: lps.search_text, the /lps text search target, kept by triggers as companies.search_text is
-- (0004, 0009): NFC, lower-cased name, city and each contact's "first last" in the contacts' order, joined by
-- U+001F so no match spans two of them. Contacts' names live on the LP so that a text search (page and count)
-- is one trigram index probe on lps rather than an OR with a semi-join into lp_contacts (schema.ts).
--
-- lps' own trigger builds it on every insert and update of an LP, with the contacts it has by then.
CREATE OR REPLACE FUNCTION lps_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := normalize(lower(concat_ws(E'\x1f', NEW.name, NEW.city,
    (SELECT string_agg(concat_ws(' ', c.first_name, c.last_name), E'\x1f' ORDER BY c.position, c.id)
       FROM lp_contacts c
      WHERE c.lp_id = NEW.id))), NFC);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER lps_search_text BEFORE INSERT OR UPDATE ON "lps"
  FOR EACH ROW EXECUTE FUNCTION lps_search_text();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lp_contacts_touch_lps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE lps SET search_text = NULL WHERE id IN (SELECT lp_id FROM new_contacts);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE lps SET search_text = NULL WHERE id IN (SELECT lp_id FROM old_contacts);
  ELSE
    UPDATE lps SET search_text = NULL WHERE id IN (
      SELECT lp_id FROM (
        (SELECT lp_id, position, first_name, last_name FROM new_contacts
         EXCEPT ALL SELECT lp_id, position, first_name, last_name FROM old_contacts)
        UNION ALL
        (SELECT lp_id, position, first_name, last_name FROM old_contacts
         EXCEPT ALL SELECT lp_id, position, first_name, last_name FROM new_contacts)
      ) AS changed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lp_contacts_touch_lps_insert AFTER INSERT ON "lp_contacts"
  REFERENCING NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION lp_contacts_touch_lps();--> statement-breakpoint
CREATE TRIGGER lp_contacts_touch_lps_update AFTER UPDATE ON "lp_contacts"
  REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION lp_contacts_touch_lps();--> statement-breakpoint
CREATE TRIGGER lp_contacts_touch_lps_delete AFTER DELETE ON "lp_contacts"
  REFERENCING OLD TABLE AS old_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION lp_contacts_touch_lps();--> statement-breakpoint
ALTER TABLE "lp_contacts" ALTER CONSTRAINT "lp_contacts_lp_id_lps_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
