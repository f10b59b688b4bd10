import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { SearchView } from "~/core/search-view";

/**
 * docs/product.md#search: the results' view (cards or table). The choice shows at once; the server remembers it for the
 * next visit and the next device (POST view=... to /search, which both listings read).
 */
export function useViewChoice(view: SearchView): [SearchView, (next: SearchView) => void] {
  const fetcher = useFetcher();
  const [shown, setShown] = useState(view);
  useEffect(() => setShown(view), [view]);
  const choose = (next: SearchView) => {
    setShown(next);
    void fetcher.submit({ view: next }, { method: "post", action: "/search" });
  };
  return [shown, choose];
}
