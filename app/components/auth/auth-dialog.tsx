import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import type { AuthActionResult } from "~/core/auth-result";
import { Dialog } from "../ui/dialog";
import { AUTH_TITLES, type AuthMode } from "./auth-modes";

// The form (and zod, its validation) loads when the dialog is about to open, not with every page: it was
// a quarter of the home page's JavaScript. preloadAuthForm starts the download on hover or focus.
const loadAuthForm = () => import("./auth-form-entry");
const AuthForm = lazy(() => loadAuthForm().then((module) => ({ default: module.AuthForm })));

/** Starts loading the auth form before the dialog opens (call on pointer enter or focus of a trigger). */
export function preloadAuthForm(): void {
  void loadAuthForm();
}

interface AuthDialogContextValue {
  /** docs/product.md#access: the default mode is set when the dialog is opened. */
  openAuthDialog: (mode: AuthMode) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function useAuthDialog(): AuthDialogContextValue {
  const context = useContext(AuthDialogContext);
  if (!context) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return context;
}

const MODES: readonly AuthMode[] = ["signin", "signup", "reset"];

/** Holds the auth dialog for the whole app. `?auth=signin` (or signup, reset) in a URL opens it. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  useEffect(() => {
    const requested = new URLSearchParams(location.search).get("auth");
    if (requested && MODES.includes(requested as AuthMode)) setMode(requested as AuthMode);
  }, [location.search]);

  const close = useCallback(() => {
    setMode(null);
    const params = new URLSearchParams(location.search);
    if (params.has("auth")) {
      params.delete("auth");
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true });
    }
  }, [location.pathname, location.search, navigate]);

  const onSuccess = useCallback(
    (result: AuthActionResult & { ok: true }) => {
      close();
      // A signed-in user on the home page is sent on to /search by its loader (docs/product.md#home).
      if (result.redirectTo) navigate(result.redirectTo);
      else void revalidator.revalidate();
    },
    [close, navigate, revalidator],
  );

  const value = useMemo(() => ({ openAuthDialog: (next: AuthMode) => setMode(next) }), []);

  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      <Dialog
        open={mode !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={AUTH_TITLES[mode ?? "signin"]}
      >
        {mode ? (
          <Suspense fallback={<p className="py-8 text-center text-sm text-slate-600">Loading…</p>}>
            <AuthForm key={mode} mode={mode} onModeChange={setMode} onSuccess={onSuccess} />
          </Suspense>
        ) : null}
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
