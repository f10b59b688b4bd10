import { describe, expect, it } from "vitest";
import { buildLanes } from "./deferred-indexes.server";

const TRIGRAM = "CREATE INDEX t ON public.companies USING gin (search_text gin_trgm_ops)";
const btree = (name: string) => `CREATE INDEX ${name} ON public.companies USING btree (${name})`;

describe("sharing deferred index builds among connections (decision 020)", () => {
  it("gives the trigram index a lane of its own and the b-trees the other, each lane in the given order", () => {
    const definitions = [btree("a"), btree("b"), TRIGRAM, btree("c")];
    expect(buildLanes(definitions, 2)).toEqual([[TRIGRAM], [btree("a"), btree("b"), btree("c")]]);
  });

  it("balances lanes of b-trees alone, and keeps every definition once", () => {
    const definitions = ["a", "b", "c", "d", "e"].map(btree);
    const lanes = buildLanes(definitions, 2);
    expect(lanes.map((lane) => lane.length)).toEqual([3, 2]);
    expect(lanes.flat().sort()).toEqual([...definitions].sort());
  });

  it("opens no more lanes than there are definitions, and one lane for one connection", () => {
    expect(buildLanes([btree("a")], 4)).toEqual([[btree("a")]]);
    expect(buildLanes([TRIGRAM, btree("a")], 1)).toEqual([[TRIGRAM, btree("a")]]);
    expect(buildLanes([], 2)).toEqual([]);
  });
});
