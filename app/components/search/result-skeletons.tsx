/** docs/product.md#screens: loading shows 5 skeleton cards. */
const SKELETON_COUNT = 5;

/** Placeholders shaped like company cards (same borders, padding and line heights), so nothing jumps. */
export function ResultSkeletons({ label = "Loading companies…" }: { label?: string }) {
  return (
    <div data-testid="result-skeletons">
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder.
          <li key={index} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex animate-pulse flex-col gap-4 lg:flex-row lg:gap-6">
              <div className="min-w-0 flex-1">
                <div className="flex items-center justify-between gap-3">
                  <div className="my-0.5 h-5 w-48 rounded bg-slate-200" />
                  <div className="h-5 w-16 rounded bg-slate-100" />
                </div>
                <div className="mt-2 h-4 w-full rounded bg-slate-100" />
                <div className="mt-2 h-4 w-2/3 rounded bg-slate-100" />
                <div className="mt-3 flex gap-1.5">
                  <div className="h-5 w-20 rounded-full bg-slate-100" />
                  <div className="h-5 w-24 rounded-full bg-slate-100" />
                  <div className="h-5 w-16 rounded-full bg-slate-100" />
                </div>
                <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                  <div className="col-span-2 h-9 rounded bg-slate-100 sm:col-span-1" />
                  <div className="h-9 rounded bg-slate-100" />
                  <div className="h-9 rounded bg-slate-100" />
                </div>
              </div>
              <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 lg:w-80 lg:shrink-0 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6">
                <div className="h-9 w-36 rounded bg-slate-100" />
                <div className="h-5 w-52 rounded bg-slate-100" />
                <div className="h-5 w-40 rounded bg-slate-100" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
