import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { preloadAuthForm, useAuthDialog } from "./auth/auth-dialog";
import { Logo } from "./logo";
import { useScrolledPast } from "./use-scrolled-past";
import { UserMenu } from "./user-menu";

// docs/product.md#limits: the header gets a solid background once the page is scrolled more than 4px.
const HEADER_SCROLL_THRESHOLD = 4;

interface NavItem {
  label: string;
  to: string;
}

export interface HeaderUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/** docs/product.md#home: signed out, Search, LPs, Pricing and FAQ (home-page sections); signed in, Search and LPs. */
function navItems(showLpLink: boolean, isSignedIn: boolean): NavItem[] {
  return [
    { label: "Search", to: "/search" },
    ...(showLpLink ? [{ label: "LPs", to: "/lps" }] : []),
    ...(isSignedIn
      ? []
      : [
          { label: "Pricing", to: "/#pricing" },
          { label: "FAQ", to: "/#faq" },
        ]),
  ];
}

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

export function SiteHeader({ showLpLink, user }: { showLpLink: boolean; user: HeaderUser | null }) {
  const isScrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the location changes.
  useEffect(() => setIsMenuOpen(false), [location.key]);
  const items = navItems(showLpLink, user !== null);
  const { openAuthDialog } = useAuthDialog();
  // Plain links without JavaScript; the dialog with it.
  const openDialog = (mode: "signin" | "signup") => (event: React.MouseEvent) => {
    event.preventDefault();
    setIsMenuOpen(false);
    openAuthDialog(mode);
  };

  return (
    <header
      data-scrolled={isScrolled}
      className={`sticky top-0 z-40 transition-colors duration-200 ${
        isScrolled || isMenuOpen
          ? "border-b border-slate-200 bg-white shadow-sm"
          : "border-b border-transparent bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Roundlist home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) =>
            // Pricing and FAQ are sections of the home page, not pages: never marked as the current page.
            item.to.includes("#") ? (
              <Link key={item.to} to={item.to} className={linkClass}>
                {item.label}
              </Link>
            ) : (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) => `${linkClass} ${isActive ? "bg-slate-100 text-slate-900" : ""}`}
              >
                {item.label}
              </NavLink>
            ),
          )}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link
                to="/signin"
                onClick={openDialog("signin")}
                onPointerEnter={preloadAuthForm}
                onFocus={preloadAuthForm}
                className={linkClass}
              >
                Log in
              </Link>
              <Link
                to="/signup"
                onClick={openDialog("signup")}
                onPointerEnter={preloadAuthForm}
                onFocus={preloadAuthForm}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Get Started
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          aria-label={isMenuOpen ? "Close menu" : "Open menu"}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Menu aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      </div>
      {isMenuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-slate-200 bg-white px-4 py-3 md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={`block ${linkClass}`}>
                  {item.label}
                </Link>
              </li>
            ))}
            {user ? (
              <li className="border-t border-slate-200 pt-2">
                <UserMenu user={user} />
              </li>
            ) : (
              <>
                <li>
                  <Link
                    to="/signin"
                    onClick={openDialog("signin")}
                    onPointerEnter={preloadAuthForm}
                    onFocus={preloadAuthForm}
                    className={`block ${linkClass}`}
                  >
                    Log in
                  </Link>
                </li>
                <li>
                  <Link
                    to="/signup"
                    onClick={openDialog("signup")}
                    onPointerEnter={preloadAuthForm}
                    onFocus={preloadAuthForm}
                    className="mt-1 block rounded-md bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white"
                  >
                    Get Started
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
