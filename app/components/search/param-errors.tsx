import { TriangleAlert } from "lucide-react";
import type { SearchParamError } from "~/core/url-values";

/** Parameters the URL got wrong; the rest of the search still ran (the parameters module drops only those). */
export function ParamErrors({ errors }: { errors: readonly SearchParamError[] }) {
  if (errors.length === 0) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <ul className="flex flex-col gap-1">
        {errors.map((error) => (
          <li key={`${error.param}-${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  );
}
