import type { ReactNode } from "react";
import type { Crumb } from "~/core/directory";
import { breadcrumbList } from "~/core/json-ld";
import { Breadcrumbs } from "./breadcrumbs";
import { JsonLdScript } from "./json-ld-script";

/** The frame of every directory page: breadcrumbs (visible and as JSON-LD), a heading, a lead, the body. */
export function DirectoryPage({
  origin,
  crumbs,
  title,
  lead,
  children,
}: {
  origin: string;
  crumbs: readonly Crumb[];
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLdScript data={breadcrumbList(origin, crumbs)} />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-3 max-w-3xl text-slate-700">{lead}</div>
      {children}
    </article>
  );
}
