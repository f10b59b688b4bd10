import { useEffect, useState } from "react";
import { data, useSearchParams } from "react-router";
import { env } from "~/server/env.server";

export function loader() {
  if (!env().ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  return { enabled: true };
}

export const CRASH_PROBE_MESSAGE = "Crash probe: a component threw while rendering.";

/**
 * Throws while rendering, so browser tests can see the root error boundary's crash screen:
 * on the server by default, or in the browser after hydration with `?client=1`.
 */
export default function TestCrash() {
  const [searchParams] = useSearchParams();
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  const throwOnClient = searchParams.get("client") === "1";
  if (!throwOnClient || isHydrated) throw new Error(CRASH_PROBE_MESSAGE);
  return <p>Waiting to crash…</p>;
}
