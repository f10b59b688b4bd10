import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteLoaderData } from "react-router";
import { Toaster, toast } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { AuthDialogProvider } from "./components/auth/auth-dialog";
import { PaymentReturn } from "./components/billing/payment-return";
import { CrashScreen } from "./components/crash-screen";
import { useCspNonce } from "./components/csp-nonce";
import { ForbiddenPage } from "./components/forbidden-page";
import { NotFoundPage } from "./components/not-found-page";
import { RequestRefusedPage, refusalOf } from "./components/request-refused-page";
import { ScrollManager } from "./components/scroll-manager";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { PRODUCT_NAME } from "./core/brand";
import type { ToastMessage } from "./core/messages";
import { getDb } from "./server/app-database.server";
import { getSession } from "./server/auth/session.server";
import { getVerifiedEmailShare } from "./server/companies/catalog.server";
import { databaseUnavailableMiddleware } from "./server/database-unavailable.server";
import { env } from "./server/env.server";
import { readFlash } from "./server/flash.server";
import { noStoreForPersonalResponses } from "./server/security-headers.server";
import { getSiteSettings } from "./server/settings/site-settings.server";

/** Every request's middleware, outermost first. */
export const middleware: Route.MiddlewareFunction[] = [
  // docs/product.md#security: personal responses are never stored (outermost, so it sees every final response).
  noStoreForPersonalResponses,
  // docs/product.md#security: a `.data` request or resource route that lost its database answers 503 (see the module).
  databaseUnavailableMiddleware,
];

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [settings, session, verifiedEmailShare] = await Promise.all([
    getSiteSettings(db),
    getSession(request),
    getVerifiedEmailShare(db),
  ]);
  const flash = readFlash(request);
  const headers = new Headers();
  for (const cookie of session.setCookies) headers.append("Set-Cookie", cookie);
  if (flash.clearCookie) headers.append("Set-Cookie", flash.clearCookie);
  const user = session.user
    ? {
        email: session.user.email,
        firstName: session.user.firstName,
        lastName: session.user.lastName,
        isAdmin: session.user.isAdmin,
      }
    : null;
  return data(
    // A random id makes the same message shown twice in a row count as two toasts.
    {
      hideLpSearch: settings.hideLpSearch,
      user,
      // Every page's meta reads it (rootOrigin): Open Graph and canonical URLs are absolute.
      origin: env().APP_URL,
      flash: flash.message ? { ...flash.message, id: crypto.randomUUID() } : null,
      // decision 032: the plans' 'Verified contact emails' states this share (cached per data version).
      verifiedEmailShare,
    },
    { headers },
  );
}

/** Marks the document once React has hydrated it (browser tests wait for this before clicking). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/** The one-time toast a server action left for this page (see flash.server.ts). */
function FlashToast({ flash }: { flash: (ToastMessage & { id: string }) | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "info" ? toast.info : toast.success;
    show(flash.title, { id: flash.id, description: flash.description });
  }, [flash]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The root loader's data is missing when the root itself failed; LP links then stay hidden.
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useCspNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2552e0" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <AuthDialogProvider>
          <SiteHeader showLpLink={data ? !data.hideLpSearch : false} user={data?.user ?? null} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
        </AuthDialogProvider>
        {/* At the bottom of the viewport: a toast never covers the header (the user menu, sign-in) nor a
            page's controls under it, such as /search's box and filters (docs/product.md#screens). */}
        <Toaster position="bottom-right" richColors closeButton />
        <FlashToast flash={data?.flash ?? null} />
        <PaymentReturn />
        <HydrationMark />
        <ScrollManager />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: PRODUCT_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return (
      <ForbiddenPage
        message={typeof message === "string" ? message : "You do not have access to this page."}
      />
    );
  }
  // A request refused with a reason (a form action sent a body that is not a form: 400, 413, 415).
  const refusal = refusalOf(error);
  if (refusal) return <RequestRefusedPage {...refusal} />;
  return <CrashScreen error={error} />;
}
