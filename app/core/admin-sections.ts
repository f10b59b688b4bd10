/** docs/product.md#admin: the admin console's sections, in the order its navigation lists them. */
export const ADMIN_SECTIONS = [
  { path: "/admin", label: "Overview" },
  { path: "/admin/users", label: "Users" },
  { path: "/admin/settings", label: "Settings" },
  { path: "/admin/imports", label: "Imports" },
  { path: "/admin/data-health", label: "Data health" },
  { path: "/admin/email-checks", label: "Email checks" },
  { path: "/admin/activity", label: "Activity" },
  { path: "/admin/inbox", label: "Inbox" },
  { path: "/admin/do-not-sell", label: "Do-not-sell" },
  { path: "/admin/audit", label: "Audit log" },
] as const;

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]["path"];
