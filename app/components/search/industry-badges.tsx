/** spec 2: a card shows at most 3 industry badges plus a '+N' overflow. */
const MAX_BADGES = 3;

export function IndustryBadges({ industries }: { industries: readonly string[] }) {
  if (industries.length === 0) return null;
  const shown = industries.slice(0, MAX_BADGES);
  const hidden = industries.slice(MAX_BADGES);
  return (
    <ul aria-label="Industries" className="flex flex-wrap gap-1.5">
      {shown.map((industry) => (
        <li
          key={industry}
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
        >
          {industry}
        </li>
      ))}
      {hidden.length > 0 ? (
        <li
          title={hidden.join(", ")}
          className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-600"
        >
          <span aria-hidden="true">+{hidden.length}</span>
          <span className="sr-only">
            {hidden.length} more: {hidden.join(", ")}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
