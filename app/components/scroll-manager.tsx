import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * docs/product.md#screens: navigating to any route scrolls to the top instantly. A link to a section (/#pricing)
 * scrolls to that section instead.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  // The first render is the page load: the browser already placed it, and the reader may have scrolled.
  const isFirstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, even to the same URL.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, key]);
  return null;
}
