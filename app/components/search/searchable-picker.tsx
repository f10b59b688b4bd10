import { Check, ChevronDown, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { formatCount } from "~/core/format";
import { MAX_PICKER_RESULTS, matchOptions, type PickerOption } from "./picker-options";

interface SearchablePickerProps {
  label: string;
  placeholder: string;
  options: readonly PickerOption[];
  /** The chosen values, in the order they were chosen. */
  values: readonly string[];
  /** How the choice reads in the closed field ("SaaS", "SaaS +2"). */
  valueLabel: string;
  /** Called with an option the user chose or unchose. */
  onToggle: (value: string) => void;
  /** Called when the whole choice is cleared. */
  onClear: () => void;
  /** An option's count given the other filters ("1,204", "about 12,000"), or null when not known. */
  countText?: (value: string) => string | null;
  /** docs/product.md#texts: 'No industries found' / 'No locations found'. */
  emptyMessage: string;
  /** Told the typed text as it changes, for options found on the server (the investor picker). */
  onQueryChange?: (query: string) => void;
}

/**
 * A searchable multiple choice (docs/product.md#filters), built on the ARIA combobox pattern: a text input that filters a
 * multi-select listbox, arrow keys move through the options, Enter chooses or unchooses one and keeps the
 * list open, Escape closes. Only the first 100 matches are rendered, so thousands of cities stay quick:
 * typing narrows the list.
 */
export function SearchablePicker({
  label,
  placeholder,
  options,
  values,
  valueLabel,
  onToggle,
  onClear,
  countText,
  emptyMessage,
  onQueryChange,
}: SearchablePickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(-1);
  const matches = useMemo(() => (isOpen ? matchOptions(options, query) : null), [isOpen, options, query]);
  const visible = matches?.options ?? [];
  const optionId = (index: number) => `${id}-option-${index}`;

  // Keep the highlighted option in view while the arrow keys move it.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [activeIndex, id]);

  function open(nextQuery: string) {
    setIsOpen(true);
    setQuery(nextQuery);
    setActiveIndex(-1);
    onQueryChange?.(nextQuery);
  }

  function close() {
    setIsOpen(false);
    setQuery("");
    setActiveIndex(-1);
    onQueryChange?.("");
  }

  function choose(option: PickerOption) {
    onToggle(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!isOpen) open("");
      else setActiveIndex((index) => Math.min(index + 1, visible.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (isOpen) setActiveIndex((index) => Math.max(index - 1, 0));
    } else if (event.key === "Enter") {
      const option = visible[activeIndex];
      if (isOpen && option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === "Escape" && isOpen) {
      // Only our list closes; the key must not close a surrounding dialog as well.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  // A group heading is shown where the group changes; one unnamed group needs none.
  const sections: Array<{ group: string; items: Array<{ option: PickerOption; index: number }> }> = [];
  for (const [index, option] of visible.entries()) {
    const last = sections.at(-1);
    if (last && last.group === option.group) last.items.push({ option, index });
    else sections.push({ group: option.group, items: [{ option, index }] });
  }

  // Options are not focusable: the input keeps focus and points at the active one (aria-activedescendant).
  function renderOption({ option, index }: { option: PickerOption; index: number }) {
    const isActive = index === activeIndex;
    const isChosen = values.includes(option.value);
    const count = countText?.(option.value) ?? null;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options.
      <div
        key={option.value}
        id={optionId(index)}
        role="option"
        // -1: reachable for assistive tech, never in the tab order and never focused (see onMouseDown below).
        tabIndex={-1}
        aria-selected={isChosen}
        onClick={() => choose(option)}
        onMouseMove={() => (isActive ? undefined : setActiveIndex(index))}
        className={`flex cursor-pointer items-start gap-2 px-3 py-1.5 text-sm ${
          isActive
            ? "bg-brand-50 text-brand-900 outline-2 -outline-offset-2 outline-brand-600"
            : "text-slate-800"
        }`}
      >
        <Check
          aria-hidden="true"
          className={`mt-0.5 h-4 w-4 shrink-0 ${isChosen ? "text-brand-600" : "invisible"}`}
        />
        <span className="min-w-0 flex-1">
          <span data-testid="option-label" className="block truncate">
            {option.label}
          </span>
          {option.detail ? (
            <span className="block truncate text-xs text-slate-500">{option.detail}</span>
          ) : null}
        </span>
        {count !== null ? (
          <span data-testid="option-count" className="shrink-0 text-xs text-slate-600 tabular-nums">
            {count}
            <span className="sr-only"> companies</span>
          </span>
        ) : null}
      </div>
    );
  }

  const total = matches?.total ?? 0;
  const activeOption = isOpen ? visible[activeIndex] : undefined;

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
          value={isOpen ? query : valueLabel}
          placeholder={valueLabel || placeholder}
          onChange={(event) => open(event.target.value)}
          onClick={() => (isOpen ? undefined : open(""))}
          onFocus={(event) => event.target.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-16 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <div className="absolute inset-y-0 right-0 flex items-center gap-0.5 pr-2">
          {values.length > 0 ? (
            <button
              type="button"
              aria-label={`Clear ${label}`}
              onClick={onClear}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : null}
          <ChevronDown aria-hidden="true" className="pointer-events-none h-4 w-4 text-slate-400" />
        </div>
      </div>
      {/* Kept in the DOM while closed so aria-controls always points at something. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse-only guard; keys go through the input. */}
      <div
        hidden={!isOpen}
        // Keeps focus in the input while the list is clicked or scrolled, so blur does not close it first.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
      >
        <div
          id={listboxId}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          className="max-h-64 overflow-y-auto py-1"
        >
          {sections.map((section, sectionIndex) =>
            section.group ? (
              // The APG "listbox with grouped options" shape: a named group holding its options.
              // biome-ignore lint/a11y/useSemanticElements: a listbox may own groups, not fieldsets.
              <div key={section.group} role="group" aria-labelledby={`${id}-group-${sectionIndex}`}>
                <div
                  id={`${id}-group-${sectionIndex}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {section.group}
                </div>
                {section.items.map(renderOption)}
              </div>
            ) : (
              section.items.map(renderOption)
            ),
          )}
        </div>
        {isOpen && total === 0 ? <p className="px-3 py-2 text-sm text-slate-600">{emptyMessage}</p> : null}
        {isOpen && total > MAX_PICKER_RESULTS ? (
          <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-500">
            Showing {MAX_PICKER_RESULTS} of {formatCount(total)} matches. Keep typing to narrow the list.
          </p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {isOpen
          ? total === 0
            ? emptyMessage
            : `${formatCount(total)} ${total === 1 ? "match" : "matches"}`
          : ""}
      </p>
    </div>
  );
}
