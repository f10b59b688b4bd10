import { useEffect, useId, useRef, useState } from "react";
import { SpriteIcon } from "../ui/sprite-icon";

interface FilterSelectProps {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  /** "stacked" (label above, in the filter panel) or "inline" (label beside, in the results toolbar). */
  layout?: "stacked" | "inline";
}

const MOVING_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * A labelled native select: keyboard, screen readers and phones handle it the way people expect. A closed
 * select changes its value on every arrow key; each change here is a search, so a value reached with the
 * keys is applied on Enter or when focus leaves (docs/product.md#search), while a click or a tap applies at once.
 */
export function FilterSelect({ label, value, options, onChange, layout = "stacked" }: FilterSelectProps) {
  const id = useId();
  const [shown, setShown] = useState(value);
  const isKeyMove = useRef(false);
  useEffect(() => setShown(value), [value]);

  const commit = (next: string) => {
    if (next !== value) onChange(next);
  };

  return (
    <div className={layout === "inline" ? "flex items-center gap-2" : "flex flex-col gap-1"}>
      <label
        htmlFor={id}
        className={
          layout === "inline"
            ? "text-sm whitespace-nowrap text-slate-600"
            : "text-sm font-medium text-slate-800"
        }
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={shown}
          onKeyDown={(event) => {
            isKeyMove.current = MOVING_KEYS.has(event.key);
            if (event.key === "Enter") commit(shown);
          }}
          onChange={(event) => {
            setShown(event.target.value);
            if (!isKeyMove.current) commit(event.target.value);
          }}
          onBlur={() => {
            isKeyMove.current = false;
            commit(shown);
          }}
          onPointerDown={() => {
            isKeyMove.current = false;
          }}
          className="w-full appearance-none rounded-md border border-slate-300 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SpriteIcon
          name="chevron-down"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </div>
  );
}
