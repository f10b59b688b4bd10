import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, EmptyRow, Td, Th } from "~/components/admin/admin-table";
import {
  ACTIVITY_WINDOW_DAYS,
  parseUserGridQuery,
  USER_PLAN_FILTERS,
  USER_ROLE_FILTERS,
  USER_SORTS,
  USER_STATUS_FILTERS,
  USERS_PAGE_SIZE,
  type UserSort,
} from "~/core/admin-users-query";
import { PRODUCT_NAME } from "~/core/brand";
import { formatCount, formatDate } from "~/core/format";
import { PLANS, type PlanId } from "~/core/plans";
import { requireAdminActor } from "~/server/admin/admin-request.server";
import { listUsers } from "~/server/admin/users-admin.server";
import type { Route } from "./+types/users";

/** /admin/users: every account, paged, sorted and filtered on the server through the URL (docs/product.md#admin). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminActor(request);
  const query = parseUserGridQuery(new URL(request.url));
  const { rows, total } = await listUsers(db, query);
  return { query, rows, total };
}

export function meta() {
  return [{ title: `Users | Admin | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const selectClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

function planLabel(planId: PlanId | "none"): string {
  return planId === "none" ? "No plan" : PLANS[planId].name;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { query, rows, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/admin/users";
  return (
    <>
      <AdminPageHeader
        title="Users"
        description={`${formatCount(total)} ${total === 1 ? "account matches" : "accounts match"}. Searches and exports count the last ${ACTIVITY_WINDOW_DAYS} days.`}
      />
      <Form
        method="get"
        role="search"
        aria-label="Filter users"
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm text-slate-700">
          Email or name
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            className={selectClass}
            placeholder="ada@example.com"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Role
          <select name="role" defaultValue={query.role ?? ""} className={selectClass}>
            <option value="">Any role</option>
            {USER_ROLE_FILTERS.map((role) => (
              <option key={role} value={role}>
                {role === "admin" ? "Admin" : "User"}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Plan
          <select name="plan" defaultValue={query.plan ?? ""} className={selectClass}>
            <option value="">Any plan</option>
            {USER_PLAN_FILTERS.map((plan) => (
              <option key={plan} value={plan}>
                {planLabel(plan)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={selectClass}>
            <option value="">Any status</option>
            {Object.entries(USER_STATUS_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Sort
          <select name="sort" defaultValue={query.sort} className={selectClass}>
            {(Object.keys(USER_SORTS) as UserSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {USER_SORTS[sort]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Apply
        </button>
        {query.q || query.role || query.plan || query.status || query.sort !== "newest" ? (
          <Link
            to="/admin/users"
            className="py-2 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            Clear
          </Link>
        ) : null}
      </Form>
      <div aria-busy={busy}>
        <AdminTable label="Users">
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Name</Th>
              <Th>Role</Th>
              <Th>Plan</Th>
              <Th>Status</Th>
              <Th>Trial ends</Th>
              <Th>Last login</Th>
              <Th className="text-right">Searches</Th>
              <Th className="text-right">Exports</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="admin-user-row">
                <Td>
                  <Link
                    to={`/admin/users/${row.id}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {row.email}
                  </Link>
                </Td>
                <Td>{row.name}</Td>
                <Td>{row.role === "admin" ? "Admin" : "User"}</Td>
                <Td>{row.planId ? PLANS[row.planId].name : "-"}</Td>
                <Td>
                  {row.bannedAt ? (
                    <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                      Banned
                    </span>
                  ) : (
                    (row.status ?? "-")
                  )}
                </Td>
                <Td className="whitespace-nowrap">
                  {row.trialEnd && row.status === "trialing" ? formatDate(row.trialEnd) : "-"}
                </Td>
                <Td className="whitespace-nowrap">{row.lastLogin ? formatDate(row.lastLogin) : "Never"}</Td>
                <Td className="text-right tabular-nums">{formatCount(row.searches)}</Td>
                <Td className="text-right tabular-nums">{formatCount(row.exports)}</Td>
              </tr>
            ))}
            {rows.length === 0 ? <EmptyRow columns={9}>No account matches these filters.</EmptyRow> : null}
          </tbody>
        </AdminTable>
      </div>
      <AdminPager page={query.page} size={USERS_PAGE_SIZE} total={total} label="User pages" />
    </>
  );
}
