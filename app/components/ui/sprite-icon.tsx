/** The icons of public/icons.svg (scripts/build-icon-sprite.mjs writes it from lucide-react's data). */
export type SpriteIconName =
  | "map-pin"
  | "mail"
  | "globe"
  | "external-link"
  | "copy"
  | "check"
  | "search"
  | "sliders-horizontal"
  | "layout-grid"
  | "rows-3"
  | "download"
  | "lock"
  | "chevron-left"
  | "chevron-right"
  | "chevron-down"
  | "clock"
  | "bookmark"
  | "bookmark-plus";

/**
 * An icon that repeats on a page (once per search card), referenced from the sprite instead of inlined:
 * about 70 bytes of HTML instead of about 390 (docs/product.md#search). Decorative: hidden from assistive technology.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className: string }) {
  return (
    // The drawing attributes (stroke, fill) are on each symbol of the sprite: nothing to repeat here.
    <svg aria-hidden="true" className={className || undefined}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
