import { PRODUCT_NAME } from "./brand";

/** The meta tags React Router's `meta` export renders (a subset of its MetaDescriptor, which accepts these). */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

export interface SeoInput {
  /** The page's own title; " | Roundlist" is added unless it already names the product. */
  title: string;
  /** One or two sentences for search results and link previews (about 50-160 characters). */
  description: string;
  /** The page's path ("/contact"); with `origin` it gives og:url and the canonical link. */
  path?: string;
  /** The public origin (APP_URL, e.g. "https://roundlist.example"); Open Graph wants absolute URLs. */
  origin?: string;
  /** A preview image: a path on the origin ("/demo-poster.png") or an absolute URL. */
  image?: string;
  /** Pages that are private or transient (account, checkout results) stay out of search engines. */
  noindex?: boolean;
  type?: "website" | "article";
}

function absolute(url: string, origin: string | undefined): string | undefined {
  if (/^https?:\/\//.test(url)) return url;
  return origin ? `${origin.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}` : undefined;
}

/**
 * docs/product.md#public-pages, meta: every page's title, description and Open Graph (and Twitter card) tags from one place,
 * so link previews and search results read the same everywhere.
 */
export function seo(input: SeoInput): MetaTag[] {
  const title = input.title.includes(PRODUCT_NAME) ? input.title : `${input.title} | ${PRODUCT_NAME}`;
  const url = input.path !== undefined ? absolute(input.path, input.origin) : undefined;
  const image = input.image ? absolute(input.image, input.origin) : undefined;
  const tags: MetaTag[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (url) {
    tags.push({ property: "og:url", content: url });
    if (!input.noindex) tags.push({ tagName: "link", rel: "canonical", href: url });
  }
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** What a meta function sees of the matched routes (React Router's MetaArgs["matches"] fits). */
type MetaMatch = { id: string; data?: unknown } | undefined;

/**
 * The public origin (APP_URL) from the root route's loader data: og:url and the canonical link must be
 * absolute on every page, and every page's meta function can read the root's data.
 */
export function rootOrigin(matches: ReadonlyArray<MetaMatch>): string | undefined {
  const data = matches.find((match) => match?.id === "root")?.data;
  if (typeof data !== "object" || data === null || !("origin" in data)) return undefined;
  return typeof data.origin === "string" ? data.origin : undefined;
}
