import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { PAYMENT_RETURN_TOASTS } from "~/core/messages";

/**
 * spec 4, return from payment: success=true shows the success notice and refreshes the subscription;
 * canceled=true shows the cancel notice. The parameter is removed either way.
 */
export function PaymentReturn() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const isSuccess = params.get("success") === "true";
    const isCanceled = params.get("canceled") === "true";
    if (!isSuccess && !isCanceled) return;
    const message = isSuccess ? PAYMENT_RETURN_TOASTS.success : PAYMENT_RETURN_TOASTS.canceled;
    (isSuccess ? toast.success : toast.info)(message.title, { description: message.description });
    params.delete("success");
    params.delete("canceled");
    const search = params.toString();
    // Removing the parameter is a navigation: the loaders run again and bring the new subscription.
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);

  return null;
}
