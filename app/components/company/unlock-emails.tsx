import { Lock } from "lucide-react";
import { useState } from "react";
import { searchPrompt, type ViewerAccess } from "~/core/access";
import { PricingDialog } from "../billing/pricing-dialog";
import { GetStartedLink } from "../home/get-started-link";
import { Button } from "../ui/button";

const PRIMARY =
  "inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700";

/**
 * The company page's call to action (the prompts of docs/product.md#access, as the search page decides them): a visitor is asked
 * to sign up, a signed-in user without access is shown the plans; someone with access sees nothing here. The
 * server has already masked the address: this only offers the way to see it.
 */
export function UnlockEmails({ access, companyName }: { access: ViewerAccess; companyName: string }) {
  const [isPricingOpen, setIsPricingOpen] = useState(false);
  const prompt = searchPrompt(access);
  if (prompt === "none") return null;
  return (
    <aside aria-labelledby="unlock-title" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="unlock-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Lock aria-hidden="true" className="h-4 w-4" />
        See the founders' emails
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Email {companyName}'s founders directly, and find more startups like it by industry, stage, location
        and round.
      </p>
      <div className="mt-4">
        {prompt === "signup" ? (
          <GetStartedLink className={PRIMARY}>Get Started</GetStartedLink>
        ) : (
          <>
            <Button onClick={() => setIsPricingOpen(true)}>See plans</Button>
            <PricingDialog open={isPricingOpen} onOpenChange={setIsPricingOpen} />
          </>
        )}
      </div>
    </aside>
  );
}
