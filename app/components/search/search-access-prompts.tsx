import { useEffect, useState } from "react";
import { searchPrompt, type ViewerAccess } from "~/core/access";
import { SampleSignupDialog } from "./sample-signup-dialog";

/** docs/product.md#limits: the auth stability delay before the search page decides on a prompt. */
const STABILITY_DELAY_MS = 100;

interface SearchAccessPromptsProps {
  access: ViewerAccess;
  totalCompanies: number;
}

/**
 * The sign-up prompt for visitors (docs/product.md#access). It is UX only: the server already masks what a visitor may not see
 * (docs/product.md#masking). The decision waits for hydration plus the stability delay. A signed-in user without
 * access gets the free sample instead (decision 011: the pricing dialog opens when they act, see
 * useSampleGate).
 */
export function SearchAccessPrompts({ access, totalCompanies }: SearchAccessPromptsProps) {
  const [isStable, setIsStable] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsStable(true), STABILITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <SampleSignupDialog
      open={isStable && searchPrompt(access) === "signup"}
      totalCompanies={totalCompanies}
    />
  );
}
