import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "~/core/format";
import { DEMO_CARDS } from "~/core/subscription-changes";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import type { SubscriptionControls, SubscriptionSummary, SwitchPreview } from "./subscription-section";

/*
 * docs/product.md#plan-changes: the customer's controls over their plan. Each is a POST to /profile that the
 * server checks against the user's own subscription; cancel, switch and the demo payment method are
 * confirmed in a dialog first (focus trapped), resume is one click.
 */

function useBusyIntent(): FormDataEntryValue | null | undefined {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
}

/** Closes the dialog as its form is sent: an error then shows in the section, above the buttons. */
function IntentForm({
  intent,
  onSubmit,
  children,
}: {
  intent: string;
  onSubmit?: () => void;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function SubscriptionControlButtons({
  subscription,
  controls,
}: {
  subscription: SubscriptionSummary;
  controls: SubscriptionControls;
}) {
  const busy = useBusyIntent();
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const [isSwitchOpen, setIsSwitchOpen] = useState(false);
  const [isCardOpen, setIsCardOpen] = useState(false);
  const endsOn = formatDate(subscription.currentPeriodEnd);
  const isTrial = subscription.status === "trialing";

  return (
    <>
      {subscription.cancelAtPeriodEnd ? (
        <IntentForm intent="resume">
          <Button type="submit" isBusy={busy === "resume"}>
            Resume subscription
          </Button>
        </IntentForm>
      ) : null}
      {controls.switchTo && !subscription.cancelAtPeriodEnd ? (
        <Button variant="secondary" onClick={() => setIsSwitchOpen(true)} isBusy={busy === "switch"}>
          Switch to {controls.switchTo.planName.toLowerCase()} billing
        </Button>
      ) : null}
      {controls.demoCard ? (
        <Button variant="secondary" onClick={() => setIsCardOpen(true)} isBusy={busy === "payment-method"}>
          Update payment method
        </Button>
      ) : (
        <IntentForm intent="payment-method">
          <Button type="submit" variant="secondary" isBusy={busy === "payment-method"}>
            Update payment method
          </Button>
        </IntentForm>
      )}
      {!subscription.cancelAtPeriodEnd ? (
        <Button variant="secondary" onClick={() => setIsCancelOpen(true)} isBusy={busy === "cancel"}>
          Cancel subscription
        </Button>
      ) : null}

      <Dialog
        open={isCancelOpen}
        onOpenChange={setIsCancelOpen}
        title="Cancel your subscription?"
        description={`Your ${subscription.planName} plan${isTrial ? "'s free trial" : ""} stays active until ${endsOn}. After that you lose access to search, founder emails and exports, and you are not charged again.`}
      >
        <IntentForm intent="cancel" onSubmit={() => setIsCancelOpen(false)}>
          <p className="text-sm text-slate-700" data-testid="cancel-access-ends">
            Access ends on <strong>{endsOn}</strong>. Until then you can resume your subscription from this
            page.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setIsCancelOpen(false)}>
              Keep subscription
            </Button>
            <Button type="submit" variant="danger">
              Cancel subscription
            </Button>
          </div>
        </IntentForm>
      </Dialog>

      {controls.switchTo ? (
        <Dialog
          open={isSwitchOpen}
          onOpenChange={setIsSwitchOpen}
          title={`Switch to the ${controls.switchTo.planName} plan?`}
          description={`${controls.switchTo.planName}: ${controls.switchTo.priceNote}.`}
        >
          <IntentForm intent="switch" onSubmit={() => setIsSwitchOpen(false)}>
            <input type="hidden" name="plan" value={controls.switchTo.planId} />
            <SwitchTerms
              isTrial={isTrial}
              trialEndsOn={endsOn}
              planName={controls.switchTo.planName}
              preview={controls.switchTo.preview}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setIsSwitchOpen(false)}>
                Keep my plan
              </Button>
              <Button type="submit">Switch to {controls.switchTo.planName}</Button>
            </div>
          </IntentForm>
        </Dialog>
      ) : null}

      {controls.demoCard ? (
        <Dialog
          open={isCardOpen}
          onOpenChange={setIsCardOpen}
          title="Update payment method"
          description="Demo payment provider: choose a demo card. No card number is asked for, stored or charged."
        >
          <IntentForm intent="payment-method" onSubmit={() => setIsCardOpen(false)}>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">Demo card</legend>
              {DEMO_CARDS.map((card) => (
                <label key={card.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="card"
                    value={card.id}
                    defaultChecked={card.id === controls.demoCard}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {card.label}
                </label>
              ))}
            </fieldset>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setIsCardOpen(false)}>
                Keep current card
              </Button>
              <Button type="submit">Use this card</Button>
            </div>
          </IntentForm>
        </Dialog>
      ) : null}
    </>
  );
}

/** What the switch costs: nothing during a trial, else the prorated invoice (the demo's, or Stripe's words). */
function SwitchTerms({
  isTrial,
  trialEndsOn,
  planName,
  preview,
}: {
  isTrial: boolean;
  trialEndsOn: string;
  planName: string;
  preview: SwitchPreview | null;
}) {
  if (isTrial) {
    return (
      <p className="text-sm text-slate-700">
        Nothing is charged today. Your free trial goes on until {trialEndsOn}; then the {planName} plan
        starts.
      </p>
    );
  }
  if (!preview) {
    return (
      <p className="text-sm text-slate-700">
        A new billing period starts today. You are charged the {planName} price today, less a credit for the
        unused time of your current plan, prorated to the second.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p>
        A new billing period starts today. Charged today, prorated for the unused time of your current plan:
      </p>
      <table className="w-full text-left" data-testid="switch-preview">
        <caption className="sr-only">What the switch charges</caption>
        <tbody>
          {preview.lines.map((line) => (
            <tr key={line.description} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {line.description}
              </th>
              <td className="py-1 text-right tabular-nums">{line.amount}</td>
            </tr>
          ))}
          {preview.creditApplied ? (
            <tr className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                Credit from earlier invoices
              </th>
              <td className="py-1 text-right tabular-nums">{preview.creditApplied}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className="py-1 pr-3 font-semibold text-slate-900">
              Due today
            </th>
            <td
              className="py-1 text-right font-semibold text-slate-900 tabular-nums"
              data-testid="switch-due-today"
            >
              {preview.dueToday}
            </td>
          </tr>
        </tbody>
      </table>
      {preview.creditLeft ? (
        <p>The rest, {preview.creditLeft}, stays as credit and pays your next invoices.</p>
      ) : null}
    </div>
  );
}
