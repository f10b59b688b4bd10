import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_VALUES,
  canonicalSearchQuery,
  cleanSavedSearchName,
  MAX_SAVED_SEARCH_NAME,
} from "~/core/saved-search";
import type { SearchState } from "~/core/search-params";
import { searchSummary } from "~/core/search-summary";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { controlClass, Field } from "../ui/field";
import { FormAlert } from "../ui/form-alert";
import { TextField } from "../ui/text-field";
import {
  isRefusal,
  SAVED_SEARCHES_URL,
  type SavedSearchField,
  type SavedSearchItem,
  type SavedSearchResult,
} from "./saved-search-api";

interface SaveSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The search on the screen. */
  state: SearchState;
  onSaved: (savedSearch: SavedSearchItem) => void;
}

/** The name a search is offered under: its one-line summary, cut to the longest name with an ellipsis. */
export function defaultSavedSearchName(state: SearchState): string {
  const summary = searchSummary(state);
  const characters = [...summary];
  if (characters.length <= MAX_SAVED_SEARCH_NAME) return summary;
  return `${characters
    .slice(0, MAX_SAVED_SEARCH_NAME - 1)
    .join("")
    .trimEnd()}…`;
}

/** docs/product.md#alerts, "Save search": a name (the search's summary to start with) and the email alert. */
export function SaveSearchDialog({ open, onOpenChange, state, onSaved }: SaveSearchDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save this search"
      description="Find it again under Saved searches, and get an email when new companies match it."
    >
      {/* Mounted while open: each opening starts from the current search's name and no errors. */}
      {open ? <SaveSearchForm state={state} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function SaveSearchForm({
  state,
  onSaved,
  onClose,
}: {
  state: SearchState;
  onSaved: (savedSearch: SavedSearchItem) => void;
  onClose: () => void;
}) {
  const fetcher = useFetcher<SavedSearchResult>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SavedSearchField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const handled = useRef<SavedSearchResult | undefined>(undefined);
  const isSaving = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (isRefusal(result)) {
      const fields = result.fieldErrors ?? {};
      setFieldErrors(fields);
      // A field's error sits at its field; the rest (the limit, the search itself, access) above the buttons.
      setError(fields.name || fields.alert ? null : (fields.query ?? result.error));
      if (fields.name) nameInput.current?.focus();
      return;
    }
    if (!("savedSearch" in result)) return;
    toast.success(result.toast.title, { description: result.toast.description });
    onSaved(result.savedSearch);
    onClose();
  }, [fetcher.state, fetcher.data, onSaved, onClose]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const cleaned = cleanSavedSearchName(new FormData(event.currentTarget).get("name"));
    setError(null);
    if ("error" in cleaned) {
      event.preventDefault();
      setFieldErrors({ name: cleaned.error });
      nameInput.current?.focus();
      return;
    }
    setFieldErrors({});
  }

  return (
    <fetcher.Form
      method="post"
      action={SAVED_SEARCHES_URL}
      defaultShouldRevalidate={false}
      noValidate
      onSubmit={validate}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="query" value={canonicalSearchQuery(state)} />
      <TextField
        ref={nameInput}
        label="Name"
        name="name"
        defaultValue={defaultSavedSearchName(state)}
        autoComplete="off"
        error={fieldErrors.name}
      />
      <Field label="Email me new companies" error={fieldErrors.alert}>
        {(control) => (
          <select
            name="alert"
            defaultValue="off"
            {...control}
            className={`bg-white ${controlClass(fieldErrors.alert)}`}
          >
            {ALERT_FREQUENCY_VALUES.map((value) => (
              <option key={value} value={value}>
                {ALERT_FREQUENCY_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isSaving}>
          Save
        </Button>
      </div>
    </fetcher.Form>
  );
}
