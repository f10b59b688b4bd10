import { handleAuthDoor } from "~/server/auth/auth-door.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's endpoints from outside: only the links in emails (verify-email, reset-password/:token) open,
 * behind the app's rules (decision 019); the app's forms call better-auth on the server instead.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleAuthDoor(await getAuthServices(), request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleAuthDoor(await getAuthServices(), request);
}
