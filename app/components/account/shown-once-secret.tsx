import { useState } from "react";
import { toast } from "sonner";
import { copyToClipboard } from "../search/copy-to-clipboard";
import { Button } from "../ui/button";

/**
 * A secret shown once, right after it was made (an API key, a webhook's signing secret): a read-only field
 * that selects itself on focus, and a button that copies it.
 */
export function ShownOnceSecret({
  id,
  label,
  value,
  what,
}: {
  id: string;
  /** The field's label, for screen readers. */
  label: string;
  value: string;
  /** What is copied, as the button and the toasts name it ("API key", "signing secret"). */
  what: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-2 flex flex-col gap-2 sm:flex-row">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="secondary"
        className="shrink-0 whitespace-nowrap"
        onClick={async () => {
          const ok = await copyToClipboard(value);
          setCopied(ok);
          toast[ok ? "success" : "error"](
            ok
              ? `${what[0]?.toUpperCase()}${what.slice(1)} copied`
              : `Could not copy: select the ${what} and copy it`,
          );
        }}
      >
        {copied ? "Copied" : `Copy ${what}`}
      </Button>
    </div>
  );
}
