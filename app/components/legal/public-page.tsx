import type { ReactNode } from "react";

/** The frame of the public form pages (/contact, /request-trial, /do-not-sell): a heading, an intro, content. */
export function PublicPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-3 flex flex-col gap-3 text-lg text-slate-700">{intro}</div>
      <div className="mt-8">{children}</div>
    </div>
  );
}
