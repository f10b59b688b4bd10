import { count } from "drizzle-orm";
import { PRODUCT_NAME } from "~/core/brand";
import { listAuthEvents } from "~/server/auth/audit.server";
import { getAuthServices } from "~/server/auth/auth-services.server";
import { requireAdmin } from "~/server/auth/session.server";
import { users } from "~/server/db/schema";
import type { Route } from "./+types/overview";

/** /admin: admins only, checked on the server for every request (403 for anyone else). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getAuthServices();
  const [events, [accounts]] = await Promise.all([
    listAuthEvents(db, 100),
    db.select({ total: count() }).from(users),
  ]);
  return { events, accountCount: accounts?.total ?? 0 };
}

export function meta() {
  return [{ title: `Admin Panel | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-semibold text-slate-900">Admin Panel</h1>
      <p className="mt-2 text-slate-600">
        {loaderData.accountCount.toLocaleString("en-US")} accounts. Sign-in activity below; more tools arrive
        with the admin console.
      </p>
      <section aria-labelledby="audit-title" className="mt-8">
        <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
          Account security events
        </h2>
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Time (UTC)
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Event
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  IP
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.events.map((event) => (
                <tr key={event.id} className="border-t border-slate-100">
                  <td className="px-4 py-2 whitespace-nowrap">
                    {timeFormat.format(new Date(event.createdAt))}
                  </td>
                  <td className="px-4 py-2">{event.event.replaceAll("_", " ")}</td>
                  <td className="px-4 py-2">{event.email ?? "-"}</td>
                  <td className="px-4 py-2">{event.ipAddress ?? "-"}</td>
                </tr>
              ))}
              {loaderData.events.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                    No events yet.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
