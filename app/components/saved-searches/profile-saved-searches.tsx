import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { SAVED_SEARCH_MESSAGES } from "~/core/saved-search";
import { applySavedSearchChange, type SavedSearchChange, type SavedSearchItem } from "./saved-search-api";
import { SavedSearchList } from "./saved-search-list";

/**
 * docs/product.md#saved-searches: the account page's "Saved searches" section, from the profile loader: null without active
 * access (saved searches come with a subscription). Changes made here update the list in place.
 */
export function ProfileSavedSearches({ savedSearches }: { savedSearches: SavedSearchItem[] | null }) {
  const [items, setItems] = useState(savedSearches ?? []);
  // A new answer of the loader (after another form of the page) is the list again.
  useEffect(() => setItems(savedSearches ?? []), [savedSearches]);
  const applyChange = useCallback((change: SavedSearchChange) => {
    setItems((current) => applySavedSearchChange(current, change));
  }, []);

  if (savedSearches === null)
    return <p className="text-sm text-slate-700">{SAVED_SEARCH_MESSAGES.noAccess}</p>;
  return (
    <SavedSearchList
      items={items}
      onChange={applyChange}
      empty={
        <p>
          You have no saved searches yet. Save one from{" "}
          <Link to="/search" className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
            the search page
          </Link>
          .
        </p>
      }
    />
  );
}
