import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { SearchState } from "~/core/search-params";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormAlert } from "../ui/form-alert";
import { SpriteIcon } from "../ui/sprite-icon";
import { SaveSearchDialog } from "./save-search-dialog";
import {
  applySavedSearchChange,
  isRefusal,
  SAVED_SEARCHES_URL,
  type SavedSearchChange,
  type SavedSearchItem,
  type SavedSearchListResult,
} from "./saved-search-api";
import { SavedSearchList } from "./saved-search-list";

/**
 * docs/product.md#alerts, on /search, for users with active access: "Save search" (the search on the screen) and "Saved
 * searches" with their count, which lists them (open, rename, email alert, delete). The list comes from
 * GET /api/saved-searches once the page runs and again each time it is opened; the /search loader knows
 * nothing of it.
 */
export function SavedSearchControls({ state }: { state: SearchState }) {
  const list = useFetcher<SavedSearchListResult>();
  const { load } = list;
  const [items, setItems] = useState<SavedSearchItem[] | null>(null);
  const [dialog, setDialog] = useState<"save" | "list" | null>(null);

  useEffect(() => {
    void load(SAVED_SEARCHES_URL);
  }, [load]);
  useEffect(() => {
    if (list.data && !isRefusal(list.data)) setItems(list.data.savedSearches);
  }, [list.data]);

  const applyChange = useCallback((change: SavedSearchChange) => {
    setItems((current) => applySavedSearchChange(current ?? [], change));
  }, []);
  const onSaved = useCallback(
    (savedSearch: SavedSearchItem) => applyChange({ kind: "saved", savedSearch }),
    [applyChange],
  );
  const openList = () => {
    setDialog("list");
    void load(SAVED_SEARCHES_URL);
  };
  const listError = list.data && isRefusal(list.data) ? list.data.error : null;

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {/* On a phone both are icons (their words stay their accessible names): docs/product.md#search. */}
        <Button
          variant="secondary"
          className="whitespace-nowrap max-sm:px-2.5"
          onClick={() => setDialog("save")}
          data-testid="save-search"
        >
          <SpriteIcon name="bookmark-plus" className="h-4 w-4" />
          <span className="max-sm:sr-only">Save search</span>
        </Button>
        <Button
          variant="secondary"
          className="whitespace-nowrap max-sm:px-2.5"
          onClick={openList}
          data-testid="saved-searches"
        >
          <SpriteIcon name="bookmark" className="h-4 w-4" />
          <span className="max-sm:sr-only">Saved searches</span>
          {items ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {items.length}
            </span>
          ) : null}
        </Button>
      </div>
      <SaveSearchDialog
        open={dialog === "save"}
        onOpenChange={(open) => setDialog(open ? "save" : null)}
        state={state}
        onSaved={onSaved}
      />
      <Dialog
        open={dialog === "list"}
        onOpenChange={(open) => setDialog(open ? "list" : null)}
        title="Saved searches"
        description="Open one, rename it, choose its email alert or delete it."
        size="2xl"
      >
        {items ? (
          <SavedSearchList
            items={items}
            onChange={applyChange}
            onOpenSearch={() => setDialog(null)}
            empty={<p>You have no saved searches yet. Use “Save search” to save the one on the screen.</p>}
          />
        ) : listError ? (
          <FormAlert>{listError}</FormAlert>
        ) : (
          <p className="text-sm text-slate-600" aria-live="polite">
            Loading your saved searches…
          </p>
        )}
      </Dialog>
    </>
  );
}
