/** docs/product.md#screens: a card shows at most 3 industry badges plus a '+N' overflow. */
const MAX_BADGES = 3;

export function IndustryBadges({ industries }: { industries: readonly string[] }) {
  if (industries.length === 0) return null;
  const shown = industries.slice(0, MAX_BADGES);
  const hidden = industries.slice(MAX_BADGES);
  return (
    <ul aria-label="Industries" className="rl-badges">
      {shown.map((industry) => (
        <li key={industry}>{industry}</li>
      ))}
      {hidden.length > 0 ? (
        <li title={hidden.join(", ")} className="rl-badge-more">
          <span aria-hidden="true">{`+${hidden.length}`}</span>
          <span className="sr-only">{`${hidden.length} more: ${hidden.join(", ")}`}</span>
        </li>
      ) : null}
    </ul>
  );
}
