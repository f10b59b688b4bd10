import { useEffect, useMemo, useState } from "react";
import type { Facet } from "~/core/search-facets";
import { facetCountText } from "~/core/search-facets";
import { investorSlugLabel } from "~/core/search-summary";
import { FILTER_LABELS } from "./filter-labels";
import type { PickerOption } from "./picker-options";
import { SearchablePicker } from "./searchable-picker";

interface InvestorPickerProps {
  values: readonly string[];
  led: boolean;
  facet: Facet | undefined;
  onToggle: (slug: string) => void;
  onClear: () => void;
  onLedChange: (led: boolean) => void;
}

/**
 * decision 030, the investor filter: the investors of most companies given the other filters (with their
 * counts) and the chosen ones, searchable by name; several at once (any of them). 'Led by' keeps the
 * companies where a chosen investor led a round.
 */
export function InvestorPicker({ values, led, facet, onToggle, onClear, onLedChange }: InvestorPickerProps) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<ReadonlyArray<{ slug: string; name: string }>>([]);
  // The listed investors are the 50 of most companies; a typed name is also looked up among all of them
  // (/api/investor-options), a moment after the typing stops.
  useEffect(() => {
    const wanted = query.trim();
    if (wanted === "") {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/investor-options?q=${encodeURIComponent(wanted)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { investors: [] }))
        .then((body: { investors: Array<{ slug: string; name: string }> }) => setFound(body.investors))
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const names = useMemo(() => new Map(found.map((investor) => [investor.slug, investor.name])), [found]);
  const nameOf = (slug: string) => facet?.labels?.[slug] ?? names.get(slug) ?? investorSlugLabel(slug);
  const options = useMemo((): PickerOption[] => {
    const counted = Object.entries(facet?.counts ?? {})
      .sort(([, a], [, b]) => b - a)
      .map(([slug]) => slug);
    const slugs = [...new Set([...values, ...counted, ...found.map((investor) => investor.slug)])];
    return slugs.map((slug) => {
      const label = facet?.labels?.[slug] ?? names.get(slug) ?? investorSlugLabel(slug);
      return { value: slug, label, group: "", searchText: label.toLowerCase() };
    });
  }, [facet, values, found, names]);
  const [first] = values;
  const valueLabel =
    first === undefined ? "" : values.length === 1 ? nameOf(first) : `${nameOf(first)} +${values.length - 1}`;
  return (
    <div className="flex flex-col gap-2">
      <SearchablePicker
        label={FILTER_LABELS.investor}
        placeholder="Search investors"
        options={options}
        values={values}
        valueLabel={valueLabel}
        onToggle={onToggle}
        onClear={onClear}
        // Counted for the listed investors and the chosen ones; one found by name shows no count.
        countText={(slug) => (facet && slug in facet.counts ? facetCountText(facet, slug) : null)}
        emptyMessage="No investors found"
        onQueryChange={setQuery}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400"
          checked={led}
          disabled={values.length === 0 && !led}
          onChange={(event) => onLedChange(event.currentTarget.checked)}
        />
        Only rounds they led
      </label>
    </div>
  );
}
