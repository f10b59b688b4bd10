import { useEffect, useState } from "react";
import { searchPrompt, type ViewerAccess } from "~/core/access";
import { PricingDialog } from "../billing/pricing-dialog";
import { SampleSignupDialog } from "./sample-signup-dialog";

/** spec 9: the auth stability delay before the search page decides on a prompt. */
const STABILITY_DELAY_MS = 100;

interface SearchAccessPromptsProps {
  access: ViewerAccess;
  totalCompanies: number;
}

/**
 * spec 4's paywall prompts. They are UX only: the server already masks what a user may not see
 * (decisions.md). The decision waits for hydration plus the stability delay, and once access has been
 * confirmed it stays confirmed for this page, so prompts stop.
 */
export function SearchAccessPrompts({ access, totalCompanies }: SearchAccessPromptsProps) {
  const [isStable, setIsStable] = useState(false);
  const [isConfirmed, setIsConfirmed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setIsStable(true), STABILITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const prompt = searchPrompt(access);
  useEffect(() => {
    if (prompt === "none") setIsConfirmed(true);
  }, [prompt]);

  const shown = isStable && !isConfirmed ? prompt : "none";
  return (
    <>
      <SampleSignupDialog open={shown === "signup"} totalCompanies={totalCompanies} />
      {/* spec 4: closable only once the user has access (and then it is no longer shown). */}
      <PricingDialog
        open={shown === "pricing"}
        onOpenChange={() => undefined}
        isClosable={access.hasActiveAccess}
      />
    </>
  );
}
