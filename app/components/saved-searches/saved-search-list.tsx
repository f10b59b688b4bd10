import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_VALUES,
  cleanSavedSearchName,
  readSavedSearchQuery,
  savedSearchHref,
} from "~/core/saved-search";
import { searchSummary } from "~/core/search-summary";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/form-alert";
import { TextField } from "../ui/text-field";
import {
  isRefusal,
  type SavedSearchChange,
  type SavedSearchItem,
  type SavedSearchResult,
  savedSearchUrl,
} from "./saved-search-api";

interface SavedSearchListProps {
  items: SavedSearchItem[];
  /** A saved search was changed or deleted on the server: the caller updates the items it passes. */
  onChange: (change: SavedSearchChange) => void;
  /** Shown when there is none. */
  empty: ReactNode;
  /** Called when one is opened (its link followed), e.g. to close the dialog it is listed in. */
  onOpenSearch?: () => void;
}

/**
 * docs/product.md#alerts: a user's saved searches, on /search (in a dialog) and on /profile. Each links to its search and
 * says what it searches; its email alert is changed in place, it is renamed in place, and deleted after a
 * confirmation. Every change is one call to /api/saved-searches/:id (no page data is reloaded for it); the
 * answer updates the list through `onChange`.
 */
export function SavedSearchList({ items, onChange, empty, onOpenSearch }: SavedSearchListProps) {
  // Focus lands here when a row is deleted (the same element with or without rows, so it stays).
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={listRef} tabIndex={-1} className="focus:outline-none">
      {items.length === 0 ? (
        <div className="text-sm text-slate-700">{empty}</div>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <SavedSearchRow
              key={item.id}
              item={item}
              onChange={(change) => {
                if (change.kind === "deleted") listRef.current?.focus();
                onChange(change);
              }}
              {...(onOpenSearch ? { onOpenSearch } : {})}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

type Intent = "rename" | "alert" | "delete";

// The looks of ui/button's link and secondary variants, on plain buttons: these take a ref (focus returns
// to them), which that component does not pass on.
const LINK_BUTTON = "rounded-sm text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";
const SECONDARY_BUTTON =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";
type Mode = "view" | "rename" | "confirm-delete";

/** True once the page runs its script: until then the alert form needs its own submit button. */
function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}

function SavedSearchRow({
  item,
  onChange,
  onOpenSearch,
}: {
  item: SavedSearchItem;
  onChange: (change: SavedSearchChange) => void;
  onOpenSearch?: () => void;
}) {
  const nameId = useId();
  const alertId = useId();
  const fetcher = useFetcher<SavedSearchResult>();
  const isHydrated = useIsHydrated();
  const [mode, setMode] = useState<Mode>("view");
  const [renameError, setRenameError] = useState<string | undefined>(undefined);
  const [rowError, setRowError] = useState<string | null>(null);
  // Remounts the alert select on a refusal, so it shows the stored frequency again.
  const [alertKey, setAlertKey] = useState(0);
  const submitted = useRef<Intent | null>(null);
  const handled = useRef<SavedSearchResult | undefined>(undefined);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const cancelDelete = useRef<HTMLButtonElement>(null);
  const url = savedSearchUrl(item.id);
  const summary = searchSummary(readSavedSearchQuery(item.query).state);
  const isBusy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    const intent = submitted.current;
    if (isRefusal(result)) {
      if (intent === "rename" && result.fieldErrors?.name) {
        setRenameError(result.fieldErrors.name);
        nameInput.current?.focus();
      } else {
        setRowError(result.error);
        if (intent === "alert") setAlertKey((key) => key + 1);
      }
      return;
    }
    setRowError(null);
    toast.success(result.toast.title, { description: result.toast.description });
    if ("deleted" in result) {
      onChange({ kind: "deleted", id: result.deleted });
      return;
    }
    onChange({ kind: "saved", savedSearch: result.savedSearch });
    if (intent === "rename") {
      setMode("view");
      setRenameError(undefined);
    }
  }, [fetcher.state, fetcher.data, onChange]);

  // Focus follows the step: into the name field, onto the confirmation, and back to the button after.
  const previousMode = useRef<Mode>(mode);
  useEffect(() => {
    const previous = previousMode.current;
    previousMode.current = mode;
    if (mode === "rename") nameInput.current?.select();
    else if (mode === "confirm-delete") cancelDelete.current?.focus();
    else if (previous === "rename") renameButton.current?.focus();
    else if (previous === "confirm-delete") deleteButton.current?.focus();
  }, [mode]);

  function submitRename(event: React.FormEvent<HTMLFormElement>) {
    const cleaned = cleanSavedSearchName(new FormData(event.currentTarget).get("name"));
    if ("error" in cleaned) {
      event.preventDefault();
      setRenameError(cleaned.error);
      nameInput.current?.focus();
      return;
    }
    setRenameError(undefined);
    submitted.current = "rename";
  }

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-[12rem] flex-1">
          <Link
            id={nameId}
            to={savedSearchHref(item.query)}
            onClick={onOpenSearch}
            className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
          >
            {item.name}
          </Link>
          {/* A name that is the summary (the name offered when saving) is not said twice. */}
          {summary === item.name ? null : <p className="text-sm break-words text-slate-600">{summary}</p>}
        </div>
        <fetcher.Form
          method="post"
          action={url}
          defaultShouldRevalidate={false}
          className="flex items-center gap-2"
          onSubmit={() => {
            submitted.current = "alert";
          }}
        >
          <input type="hidden" name="intent" value="alert" />
          <label htmlFor={alertId} className="text-sm text-slate-700">
            Email alert
          </label>
          <select
            key={alertKey}
            id={alertId}
            name="alert"
            defaultValue={item.alert}
            aria-describedby={nameId}
            aria-busy={(isBusy && submitted.current === "alert") || undefined}
            onChange={(event) => {
              submitted.current = "alert";
              setRowError(null);
              void fetcher.submit(event.currentTarget.form, {
                method: "post",
                action: url,
                defaultShouldRevalidate: false,
              });
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          >
            {ALERT_FREQUENCY_VALUES.map((value) => (
              <option key={value} value={value}>
                {ALERT_FREQUENCY_LABELS[value]}
              </option>
            ))}
          </select>
          {isHydrated ? null : (
            <Button type="submit" variant="secondary" className="px-2 py-1.5">
              Set
            </Button>
          )}
        </fetcher.Form>
      </div>

      {mode === "rename" ? (
        <fetcher.Form
          method="post"
          action={url}
          defaultShouldRevalidate={false}
          noValidate
          onSubmit={submitRename}
          className="mt-3 flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="rename" />
          <TextField
            ref={nameInput}
            label="New name"
            name="name"
            defaultValue={item.name}
            error={renameError}
            className="min-w-0 flex-1"
          />
          <Button type="submit" isBusy={isBusy && submitted.current === "rename"}>
            Save name
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setRenameError(undefined);
              setMode("view");
            }}
          >
            Cancel
          </Button>
        </fetcher.Form>
      ) : null}

      {mode === "confirm-delete" ? (
        <fetcher.Form
          method="post"
          action={url}
          defaultShouldRevalidate={false}
          onSubmit={() => {
            submitted.current = "delete";
          }}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2"
        >
          <input type="hidden" name="intent" value="delete" />
          <p className="flex-1 text-sm text-red-900">Delete “{item.name}”? Its email alert stops too.</p>
          <Button type="submit" variant="danger" isBusy={isBusy && submitted.current === "delete"}>
            Delete
          </Button>
          <button
            ref={cancelDelete}
            type="button"
            onClick={() => setMode("view")}
            className={SECONDARY_BUTTON}
          >
            Cancel
          </button>
        </fetcher.Form>
      ) : null}

      {mode === "view" ? (
        <div className="mt-2 flex gap-4">
          <button
            ref={renameButton}
            type="button"
            aria-describedby={nameId}
            onClick={() => {
              setRowError(null);
              setMode("rename");
            }}
            className={LINK_BUTTON}
          >
            Rename
          </button>
          <button
            ref={deleteButton}
            type="button"
            aria-describedby={nameId}
            onClick={() => {
              setRowError(null);
              setMode("confirm-delete");
            }}
            className={LINK_BUTTON}
          >
            Delete
          </button>
        </div>
      ) : null}

      {rowError ? <FormAlert className="mt-2">{rowError}</FormAlert> : null}
    </li>
  );
}
