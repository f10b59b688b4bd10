/** Letters NFKD does not split into a base letter and a mark. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ı: "i",
};

/** ASCII mailbox part of a name: "Zoë" -> "zoe", "O'Brien" -> "obrien", "Øvrebø" -> "ovrebo". */
export function emailLocalPart(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[øłđßæœı]/g, (letter) => FOLDED_LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]/g, "");
}
