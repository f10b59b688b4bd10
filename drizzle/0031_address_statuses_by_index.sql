-- decision 020's amendment of 2026-12-01: an address's status reaches its companies by one index probe per
-- changed address, whatever the planner believes of the companies table. The set-based join of 0030 was
-- planned (and its plan cached by the session) while a load into an empty table had written a batch or two:
-- the planner then hashed the whole growing table once per batch to find no company (18 s of a 100,000-row
-- first import), and a join forced to a nested loop put the table outside. Each statement here probes
-- companies_email_lower_idx; scans are off inside the function only (and JIT with them:
-- batch-plans.server.ts), so a missing statistic cannot turn a probe into a scan per address.
CREATE OR REPLACE FUNCTION email_addresses_to_companies() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
DECLARE
  n record;
BEGIN
  FOR n IN SELECT a.email, a.status, a.checked_at, a.source FROM changed_addresses a LOOP
    UPDATE companies c SET email_status = n.status, email_checked_at = n.checked_at, email_source = n.source
    WHERE lower(c.email) = n.email
      AND (c.email_status, c.email_checked_at, c.email_source) IS DISTINCT FROM (n.status, n.checked_at, n.source);
  END LOOP;
  RETURN NULL;
END
$$;
