/**
 * Decision 031: a `D/A` restates the offering of the filing it amends (its PREVIOUSACCESSIONNUMBER), which
 * may itself be an amendment. The round is keyed by the chain's root: the first filing of the chain present
 * in the set. A `D/A` whose original is absent (filed in another quarter, or never named) is its own root;
 * a loop in the pointers (a filer's typo) stops at the first filing met twice.
 */
export interface ChainLink {
  accessionNumber: string;
  /** Null for an original `D`, or a `D/A` that names no previous filing. */
  previousAccessionNumber: string | null;
}

/** Each filing's chain root, by accession number. */
export function amendmentRoots(filings: Iterable<ChainLink>): Map<string, string> {
  const previousOf = new Map<string, string | null>();
  for (const filing of filings) previousOf.set(filing.accessionNumber, filing.previousAccessionNumber);
  const roots = new Map<string, string>();
  for (const accession of previousOf.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    let current = accession;
    let root: string | undefined;
    for (;;) {
      const known = roots.get(current);
      if (known !== undefined) {
        root = known;
        break;
      }
      path.push(current);
      seen.add(current);
      const previous = previousOf.get(current);
      if (previous === null || previous === undefined || !previousOf.has(previous) || seen.has(previous)) {
        root = current;
        break;
      }
      current = previous;
    }
    for (const member of path) roots.set(member, root);
  }
  return roots;
}
