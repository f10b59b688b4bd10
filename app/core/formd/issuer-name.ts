import { nameWords } from "../name-words";

/**
 * Decision 031: an issuer's match name, the second half of a company's match key after its CIK (with its
 * state or country beside it). Accents folded, lower case, `&` and `+` as "and", apostrophes dropped, other
 * punctuation as spaces, a leading "the" dropped, then trailing legal forms dropped one by one, never the
 * last word: "ACME ROBOTICS, INC.", "Acme Robotics Inc" and "Acme Robotics, L.L.C." share "acme robotics".
 * Unlike an investor's key (core/investor-match.ts) it keeps "Holdings", "Group" and "Management": for an
 * operating company those tell two companies apart.
 */
const LEGAL_FORMS = new Set(
  (
    "inc incorporated corp corporation co company llc l l c lc ltd limited lp l p llp lllp plc pbc pc " +
    "gmbh ag sa sas sarl bv nv ab as oy spa srl pte pty kk"
  ).split(" "),
);

export function issuerMatchName(name: string): string {
  const words = nameWords(name);
  for (;;) {
    const last = words.at(-1);
    if (words.length > 1 && last !== undefined && LEGAL_FORMS.has(last)) {
      words.pop();
      continue;
    }
    break;
  }
  return words.join(" ");
}
