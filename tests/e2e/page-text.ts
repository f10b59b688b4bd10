/** A founder address in full: masked ones keep only their first and last character around asterisks. */
export const FULL_EMAIL = /[a-z0-9]+\.[a-z0-9]+@[a-z0-9-]+\.example/;

/**
 * Any whole address of a person (demo people also have short ones, "jing@..."): two or more characters of a
 * local part without a star, not preceded by one. A masked address never matches.
 */
export const WHOLE_ADDRESS = /(?<![*a-z0-9.])[a-z0-9][a-z0-9.]*[a-z0-9]@[a-z0-9-]+\.example/;

/**
 * A page's HTML as a reader sees its text (script contents, the loader data, included): an address is
 * split in spans so it wraps after its local part, and React separates text nodes with `<!-- -->`; either
 * could hide it from a search for it, so inline markup is dropped and other tags become spaces.
 */
export function readable(markup: string): string {
  return markup.replace(/<wbr\s*\/?>|<!-- -->|<\/?span[^>]*>/g, "").replace(/<[^>]*>/g, " ");
}
