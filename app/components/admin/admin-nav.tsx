import { NavLink } from "react-router";
import { ADMIN_SECTIONS } from "~/core/admin-sections";

/**
 * The console's sections: a column beside the content on wide screens, a row that scrolls sideways on a
 * phone. The current section is marked for assistive technology (aria-current) and by its colour.
 */
export function AdminNav() {
  return (
    <nav
      aria-label="Admin sections"
      className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
    >
      <ul className="flex gap-1 lg:flex-col">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path} className="shrink-0">
            <NavLink
              to={section.path}
              end={section.path === "/admin"}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? "bg-brand-50 text-brand-900"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
