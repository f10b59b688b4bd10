import { Link } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { Logo } from "./logo";

const columns: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: "Product",
    links: [
      { label: "Search", to: "/search" },
      { label: "Compare", to: "/compare" },
      { label: "Lead converter", to: "/converter" },
      { label: "Contact Us", to: "/contact" },
    ],
  },
  {
    title: "Directory",
    links: [
      { label: "Startups by city", to: "/directory/cities" },
      { label: "Startups by industry", to: "/directory/industries" },
      { label: "All companies", to: "/directory/companies" },
      { label: "Investors", to: "/investors" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Don't sell my info", to: "/do-not-sell" },
    ],
  },
];

/** docs/product.md#screens: the footer links. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-slate-600">Leads from venture-funded startups and their founders.</p>
          <a
            href="https://x.com/roundlist"
            rel="noopener noreferrer"
            target="_blank"
            className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline"
          >
            Follow {PRODUCT_NAME} on X
          </a>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rl-footer-link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
