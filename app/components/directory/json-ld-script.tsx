import { type JsonLd, serializeJsonLd } from "~/core/json-ld";

/**
 * Structured data for search engines. A data block, never run, so the Content-Security-Policy has nothing
 * to allow; serializeJsonLd escapes `<`, `>` and `&`, so no field can close the element.
 */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes every character that could end the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
