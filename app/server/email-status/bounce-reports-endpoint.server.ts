import { getDb } from "../app-database.server";
import { getAuthServices } from "../auth/auth-services.server";
import { type BounceServices, handleBounceListUpload, handleBounceReport } from "./bounce-reports-api.server";

/** decision 032: the bounce report calls with the app's own database and auth. */
async function services(): Promise<BounceServices> {
  const [db, { auth }] = await Promise.all([getDb(), getAuthServices()]);
  return { db, auth };
}

export async function reportBounce(request: Request): Promise<Response> {
  return handleBounceReport(await services(), request);
}

export async function uploadBounceList(request: Request): Promise<Response> {
  return handleBounceListUpload(await services(), request);
}
