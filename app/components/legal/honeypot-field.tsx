import { HONEYPOT_FIELD } from "~/core/public-forms";

/**
 * docs/product.md#public-pages, spam honeypot: a field people never see (off-screen, out of the tab order, hidden from assistive
 * technology) and form-filling bots fill in. The server drops any submission that has it filled.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
