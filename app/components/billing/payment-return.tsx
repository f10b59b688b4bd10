import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { PAYMENT_RETURN_PARAMS, paymentReturnMessage } from "~/core/billing-return";

/**
 * docs/product.md#plans, return from payment: success=true shows the success notice and refreshes the subscription;
 * canceled=true shows the cancel notice. The parameter is removed either way.
 */
export function PaymentReturn() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const message = paymentReturnMessage(params);
    if (!message) return;
    (message.type === "success" ? toast.success : toast.info)(message.title, {
      description: message.description,
    });
    for (const name of PAYMENT_RETURN_PARAMS) params.delete(name);
    const search = params.toString();
    // Removing the parameter is a navigation: the loaders run again and bring the new subscription.
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);

  return null;
}
