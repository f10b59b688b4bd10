import type { ReactNode } from "react";

/**
 * A console table in a region that scrolls sideways on a narrow screen: labelled, and focusable so a
 * keyboard user can scroll it (docs/product.md#admin: usable at 390 px).
 */
export function AdminTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A labelled section is a region landmark. It takes focus so a keyboard can scroll it (axe's
    // scrollable-region-focusable), which biome's rule for non-interactive elements does not foresee.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full text-left text-sm">{children}</table>
    </section>
  );
}

/** A header cell of a console table. */
export function Th({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={`bg-slate-50 px-4 py-2 font-medium whitespace-nowrap text-slate-600 ${className}`}
    >
      {children}
    </th>
  );
}

/** A body cell of a console table. */
export function Td({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <td className={`border-t border-slate-100 px-4 py-2 align-top ${className}`}>{children}</td>;
}

/** The row a console table shows when nothing matches. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}
