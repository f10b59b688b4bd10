import { getAuthServices } from "~/server/auth/auth-services.server";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints: the links in emails (verify-email, reset-password/:token) land here. */
export async function loader({ request }: Route.LoaderArgs) {
  const { auth } = await getAuthServices();
  return auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { auth } = await getAuthServices();
  return auth.handler(request);
}
