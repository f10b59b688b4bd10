import { PLANS } from "~/core/plans";
import { Dialog } from "../ui/dialog";
import { PlanCards, useVerifiedEmailShare } from "./plan-cards";
import { useCheckout } from "./use-checkout";

interface PricingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** docs/product.md#access: on the search page the dialog can be closed only once the user has access. */
  isClosable?: boolean;
}

/** docs/product.md#screens: the pricing dialog 'Choose Your Plan' with the two plans. */
export function PricingDialog({ open, onOpenChange, isClosable = true }: PricingDialogProps) {
  const { pendingPlan, startCheckout } = useCheckout();
  const verifiedShare = useVerifiedEmailShare();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose Your Plan"
      description={`Both plans start with a ${PLANS.pro.trialDays}-day free trial. Cancel anytime, no fee.`}
      isClosable={isClosable}
      size="2xl"
    >
      <PlanCards pendingPlan={pendingPlan} onChoose={startCheckout} verifiedShare={verifiedShare} />
    </Dialog>
  );
}
