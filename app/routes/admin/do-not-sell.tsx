// PLACEHOLDER (issue 16, being built this session): replaced before the console is called done.
import { requireAdminActor } from "~/server/admin/admin-request.server";
import type { Route } from "./+types/do-not-sell";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminActor(request);
  return null;
}

export default function Placeholder() {
  return <p className="text-slate-600">This section is not built yet.</p>;
}
