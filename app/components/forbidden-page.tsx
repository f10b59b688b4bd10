import { StatusPage } from "./status-page";

/** Shown with status 403 when a signed-in user opens a page their role does not allow. */
export function ForbiddenPage({ message }: { message: string }) {
  return <StatusPage status={403} title="Access denied" titleId="forbidden-title" message={message} />;
}
