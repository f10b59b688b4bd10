import { redirect } from "react-router";
import { AuthPage } from "~/components/auth/auth-page";
import { rootOrigin, seo } from "~/core/seo";
import { getCurrentUser } from "~/server/auth/session.server";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect("/search");
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Create your account",
    description: "Create an account to search venture-funded startups and reach their founders.",
    path: "/signup",
  });
}

export default function SignUp() {
  return <AuthPage initialMode="signup" />;
}
