// `node scripts/build-icon-sprite.mjs`: writes public/icons.svg, one <symbol> per icon that repeats on a
// page (each search card's map pin, mail, globe, external link, copy and check), from lucide-react's own
// icon data, so cards reference an icon (`<use href="/icons.svg#map-pin">`, ~70 bytes) instead of inlining
// its SVG (~390 bytes, 250 times on a page of 50 cards: docs/product.md#search). Run it after adding a name to SPRITE_ICONS
// (app/components/ui/sprite-icon.tsx); the output is committed.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DRAWING =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const NAMES = [
  "map-pin",
  "mail",
  "globe",
  "external-link",
  "copy",
  "check",
  // The search page's own controls (docs/product.md#search: every inline icon on /search cost HTML on every page view).
  "search",
  "sliders-horizontal",
  "layout-grid",
  "rows-3",
  "download",
  "lock",
  "chevron-left",
  "chevron-right",
  "chevron-down",
  "clock",
  // docs/product.md#saved-searches: saved searches on /search.
  "bookmark",
  "bookmark-plus",
];
const ICONS_DIR = path.resolve("node_modules/lucide-react/dist/esm/icons");

function attributes(attrs) {
  return Object.entries(attrs)
    .filter(([key]) => key !== "key")
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${value}"`)
    .join(" ");
}

/**
 * Icons drawn by CSS (a mask on a pseudo-element, app.css .rl-web and .rl-ext): one small file each, since
 * a CSS mask cannot point into a sprite's <symbol>. The card's links then carry no icon markup at all.
 */
const CSS_ICONS = ["globe", "external-link", "copy", "check"];
mkdirSync("public/icons", { recursive: true });

const symbols = [];
for (const name of NAMES) {
  const { __iconData } = await import(pathToFileURL(path.join(ICONS_DIR, `${name}.mjs`)).href);
  const children = __iconData.node.map(([tag, attrs]) => `<${tag} ${attributes(attrs)}/>`).join("");
  // The drawing attributes sit on each symbol: a <use> from another document inherits nothing from this root.
  symbols.push(`<symbol id="${name}" viewBox="0 0 24 24" ${DRAWING}>${children}</symbol>`);
  if (CSS_ICONS.includes(name)) {
    const file = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" ${DRAWING.replace("currentColor", "black")}>${children}</svg>\n`;
    writeFileSync(`public/icons/${name}.svg`, file);
  }
}
const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
writeFileSync("public/icons.svg", sprite);
console.log(`public/icons.svg: ${NAMES.length} icons, ${sprite.length} bytes`);
