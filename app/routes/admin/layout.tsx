import { Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/layout";

/**
 * docs/product.md#admin: the admin console's frame. This loader checks the role, and so does every section's own loader
 * and action (they run side by side with this one, so none relies on it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <aside className="lg:w-48 lg:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
          Admin Panel
        </p>
        <AdminNav />
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
