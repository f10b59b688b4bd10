/** Which of the given slugs are taken. */
export type TakenSlugs = (slugs: string[]) => Promise<Set<string>>;

/**
 * Unique slugs for new records, in the order of `bases`: the name's slug when free, else the first free
 * "-2", "-3"... Taken slugs are looked up in bulk through `taken` (a wider range of suffixes each round),
 * never one query per record.
 */
export async function allocateSlugsAmong(bases: string[], taken: TakenSlugs): Promise<string[]> {
  const slugs: string[] = new Array(bases.length).fill("");
  const used = new Set<string>();
  const storedBases = await taken([...new Set(bases)]);
  const waiting = new Map<string, number[]>();
  bases.forEach((base, position) => {
    if (!storedBases.has(base) && !used.has(base)) {
      slugs[position] = base;
      used.add(base);
    } else {
      waiting.set(base, [...(waiting.get(base) ?? []), position]);
    }
  });
  const nextSuffix = new Map<string, number>();
  for (let spare = 8; waiting.size > 0; spare *= 4) {
    const ranges = [...waiting].map(([base, positions]) => {
      const from = nextSuffix.get(base) ?? 2;
      return { base, positions, from, to: from + positions.length + spare };
    });
    const candidates = ranges.flatMap(({ base, from, to }) =>
      Array.from({ length: to - from }, (_, offset) => `${base}-${from + offset}`),
    );
    const stored = await taken(candidates);
    for (const { base, positions, from, to } of ranges) {
      for (let suffix = from; suffix < to && positions.length > 0; suffix++) {
        const slug = `${base}-${suffix}`;
        if (stored.has(slug) || used.has(slug)) continue;
        slugs[positions.shift() as number] = slug;
        used.add(slug);
      }
      nextSuffix.set(base, to);
      if (positions.length === 0) waiting.delete(base);
    }
  }
  return slugs;
}
