import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { MAX_QUERY_LENGTH } from "~/core/search-params";

/**
 * docs/product.md#home, "hero view versus search view": running a search from the hero switches to the search view, which
 * is the /search page with the query in its URL. A GET form, so it works before hydration too.
 */
export function HeroSearch() {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.replace(/\s+/g, " ").trim();
    navigate(q ? `/search?${new URLSearchParams({ q })}` : "/search");
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Search funded startups"
      onSubmit={submit}
      className="mx-auto flex w-full max-w-xl gap-2"
    >
      <label htmlFor={id} className="sr-only">
        Search funded startups
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="e.g. fintech or Berlin"
          className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-11 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <button
        type="submit"
        className="h-12 shrink-0 rounded-lg bg-brand-600 px-5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Search
      </button>
    </Form>
  );
}
