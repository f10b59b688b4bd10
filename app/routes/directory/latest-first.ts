import { formatCount } from "~/core/format";

/** The list's order, and how much of it the pages show when they stop before its end. */
export function latestFirst(listed: number, total: number): string {
  return listed < total
    ? `The ${formatCount(listed)} latest rounds are listed, newest first.`
    : "Latest rounds first.";
}
