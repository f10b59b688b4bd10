import { type FormEvent, useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { MAX_QUERY_LENGTH } from "~/core/url-values";
import { Button } from "../ui/button";
import { SpriteIcon } from "../ui/sprite-icon";

interface SearchBarProps {
  /** The text searched now. */
  q: string;
  /** Where the form goes before hydration, and the view's other parameters it carries along. */
  action: string;
  hiddenFields: ReadonlyArray<[string, string]>;
  /** The field's accessible name and its placeholder. */
  label: string;
  placeholder: string;
  /** docs/product.md#access: without access the input is read-only and the button reads 'Upgrade', disabled. */
  canSearch: boolean;
  onSearch: (q: string) => void;
  /** docs/product.md#free-sample: the free sample's 'Upgrade' button opens the pricing dialog. */
  onUpgrade?: () => void;
  /** Why the box does not search (decision 026), shown under it while it cannot. */
  lockedReason?: string;
}

/**
 * The text search. A GET form to the listing, so it also works before hydration (the filters ride along as
 * hidden fields); once hydrated, submitting navigates to the serialized state with page 1 (docs/product.md#search).
 */
export function SearchBar({
  q,
  action,
  hiddenFields,
  label,
  placeholder,
  canSearch,
  onSearch,
  onUpgrade,
  lockedReason,
}: SearchBarProps) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const reason = canSearch ? undefined : lockedReason;
  const [text, setText] = useState(q);
  // Back/forward and chip removals change the URL: the field follows it.
  useEffect(() => setText(q), [q]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Decision 026: Enter in a box that cannot search opens the plans rather than doing nothing.
    if (canSearch) onSearch(text.replace(/\s+/g, " ").trim());
    else onUpgrade?.();
  }

  return (
    <Form
      method="get"
      action={action}
      role="search"
      onSubmit={submit}
      className="flex min-w-0 flex-1 flex-wrap gap-x-2 gap-y-1"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <SpriteIcon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          readOnly={!canSearch}
          aria-describedby={reason ? reasonId : undefined}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={placeholder}
          className={`w-full rounded-md border border-slate-300 py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
            canSearch ? "bg-white" : "cursor-not-allowed bg-slate-50"
          }`}
        />
      </div>
      {hiddenFields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {canSearch ? (
        <Button type="submit" className="shrink-0">
          Search
        </Button>
      ) : (
        <Button type="button" disabled={!onUpgrade} onClick={onUpgrade} className="shrink-0">
          Upgrade
        </Button>
      )}
      {reason ? (
        <p id={reasonId} data-testid="search-locked-reason" className="basis-full text-xs text-slate-600">
          {reason}
        </p>
      ) : null}
    </Form>
  );
}

/** Every part of a view but the text and the page, as form fields (a new search starts at page 1). */
export function hiddenFieldsOf(params: URLSearchParams): Array<[string, string]> {
  params.delete("q");
  params.delete("page");
  return [...params.entries()];
}
