import { Link } from "react-router";
import { type DirectoryLetter, directoryPaths, letterLabel } from "~/core/directory";
import { formatCount } from "~/core/format";

/**
 * A-Z and 0-9, each with its count; letters without entries are shown but not linked. Companies' letters by
 * default; the investor pages pass their own paths and label.
 */
export function LetterLinks({
  letters,
  pathOf = directoryPaths.letter,
  label = "Companies by first letter",
}: {
  letters: ReadonlyArray<{ letter: DirectoryLetter; companies: number }>;
  pathOf?: (letter: DirectoryLetter) => string;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-7 lg:grid-cols-9">
      {letters.map(({ letter, companies }) => (
        <li key={letter}>
          {companies > 0 ? (
            <Link
              to={pathOf(letter)}
              className="flex flex-col items-center rounded-lg border border-slate-200 bg-white px-2 py-2 hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="text-lg font-semibold text-brand-700">{letterLabel(letter)}</span>
              <span className="text-xs text-slate-600 tabular-nums">{formatCount(companies)}</span>
            </Link>
          ) : (
            <span className="flex flex-col items-center rounded-lg border border-slate-100 px-2 py-2 text-slate-500">
              <span className="text-lg font-semibold">{letterLabel(letter)}</span>
              <span className="text-xs">0</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
