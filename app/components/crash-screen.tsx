import { isRouteErrorResponse } from "react-router";

function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}\n${String(error.data ?? "")}`;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** docs/product.md#screens: the crash screen, shown by the root error boundary. */
export function CrashScreen({ error }: { error: unknown }) {
  return (
    <section
      role="alert"
      aria-labelledby="crash-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center"
    >
      <h1 id="crash-title" className="text-2xl font-semibold text-slate-900">
        Something went wrong
      </h1>
      <p className="text-slate-600">An error occurred while loading the application.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Reload Page
      </button>
      <details className="w-full rounded-md border border-slate-200 bg-slate-50 p-3 text-left">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Error details</summary>
        <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap text-slate-700">
          {errorDetails(error)}
        </pre>
      </details>
    </section>
  );
}
