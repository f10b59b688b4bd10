import { getDb } from "../app-database.server";
import { createVerifier, type Verifier } from "../email-verify/verifier.server";
import { type VerifierConfig, verifierConfigFromEnv } from "../email-verify/verifier-config.server";
import { emailVerifierVariables } from "../env.server";
import { domainFactsTable } from "./domain-facts-table.server";

let shared: { config: VerifierConfig; verifier: Verifier } | undefined;

/** decision 032: the verifier configured by EMAIL_VERIFY_* (read once): `syntax` alone unless configured. */
export function verifierConfiguration(): VerifierConfig {
  return current().config;
}

/** The process's one verifier, so its connection limits hold across every caller. */
export function configuredVerifier(): Verifier {
  return current().verifier;
}

/** Whether a driver beyond `syntax` is configured: the freshness job runs only then. */
export function verifiesBeyondSyntax(): boolean {
  return verifierConfiguration().driver !== "syntax";
}

function current(): { config: VerifierConfig; verifier: Verifier } {
  if (shared === undefined) {
    const config = verifierConfigFromEnv(emailVerifierVariables());
    // Domain facts in email_domains: every process and the next start share what was learnt.
    shared = {
      config,
      verifier: createVerifier(config, { factsStore: domainFactsTable(getDb, config.factsTtlMs) }),
    };
  }
  return shared;
}

/** Tests: forget the verifier, so the next call reads the environment again. */
export async function resetConfiguredVerifier(): Promise<void> {
  const previous = shared;
  shared = undefined;
  await previous?.verifier.close();
}
