import type { ReactNode } from "react";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The layout of /terms and /privacy: a title, the date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  lastUpdated,
  summary,
  sections,
}: {
  title: string;
  lastUpdated: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {lastUpdated}</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-800">{summary}</div>
      <nav aria-label="Contents" className="mt-8">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-1 pl-5 text-brand-700 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-20"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="legal-body mt-3 flex flex-col gap-3 leading-7 text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}

/** A mailto link to the configured contact address. */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium text-brand-700 underline underline-offset-4">
      {address}
    </a>
  );
}
