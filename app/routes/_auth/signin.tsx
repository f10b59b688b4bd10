import { redirect } from "react-router";
import { AuthPage } from "~/components/auth/auth-page";
import { safeRedirectPath } from "~/core/redirect-path";
import { rootOrigin, seo } from "~/core/seo";
import { getCurrentUser } from "~/server/auth/session.server";
import type { Route } from "./+types/signin";

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo ?? "/search");
  return { redirectTo };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Log in",
    description: "Log in to search venture-funded startups and their founders, and export your leads.",
    path: "/signin",
  });
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return <AuthPage initialMode="signin" redirectTo={loaderData.redirectTo} />;
}
