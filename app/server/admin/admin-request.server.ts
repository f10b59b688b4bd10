import { getAuthServices } from "../auth/auth-services.server";
import { CLIENT_IP_HEADER } from "../auth/client-ip";
import { requireAdmin, type SessionUser } from "../auth/session.server";
import type { Db } from "../db/database.server";
import type { AdminActor } from "./audit-log.server";

/**
 * docs/product.md#admin: the first line of every admin loader and action. A visitor is sent to sign in, anyone else
 * but an admin gets 403 (requireAdmin); an admin gets the database and themself as the actor the audit log
 * records.
 */
export async function requireAdminActor(
  request: Request,
): Promise<{ db: Db; admin: SessionUser; actor: AdminActor }> {
  const admin = await requireAdmin(request);
  const { db } = await getAuthServices();
  return {
    db,
    admin,
    actor: { id: admin.id, email: admin.email, ipAddress: request.headers.get(CLIENT_IP_HEADER) },
  };
}
