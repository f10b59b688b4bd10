import { sql } from "drizzle-orm";
import { readBounceList } from "~/core/bounce-list";
import { BOUNCE_TEXTS, MAX_BOUNCE_LIST_BYTES } from "~/core/bounce-report";
import type { EmailStatus } from "~/core/email-status";
import type { ToastMessage } from "~/core/messages";
import type { Auth } from "../auth/auth.server";
import { lookUpSession } from "../auth/session.server";
import { getViewerAccess } from "../billing/viewer-access.server";
import type { Db } from "../db/database.server";
import { queryRows } from "../db/query-rows.server";
import {
  isJsonType,
  mediaTypeOf,
  readBytesCapped,
  readJsonObject,
  readTextCapped,
} from "../read-body.server";
import { type BounceReportDependencies, reportBounces } from "./bounce-reports.server";

/**
 * decision 032: the HTTP side of bounce reports, behind POST /api/email-bounces (one address, named by its
 * company and person: the client never sends or receives the address, so a masked one cannot be revealed)
 * and POST /api/email-bounces/upload (a bounce list). Both need active access, the rule that unmasks emails:
 * 401 signed out, 403 without it; bad input is a 4xx with `{ error }`, never a 500. No answer holds an address.
 */

export interface BounceServices {
  db: Db;
  auth: Auth;
  /** The new check's verifier (tests); the configured one otherwise. */
  reports?: BounceReportDependencies;
}

/** What a single report answers. */
export interface BounceReportAnswer {
  outcome: "reported" | "already-reported" | "bounced";
  /** The address's status after the report (the new check may change it later). */
  status: EmailStatus | null;
  toast: ToastMessage;
}

/** What an upload answers: counts, and the rejected rows by line (never an address). */
export interface BounceUploadAnswer {
  reported: number;
  alreadyReported: number;
  notFound: number;
  markedBounced: number;
  rejected: { line: number; reason: string }[];
}

const NO_STORE = { "Cache-Control": "no-store" };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

function refusal(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json({ error }, status, headers);
}

type Reporter = { ok: true; userId: string } | { ok: false; response: Response };

async function reporterOf(services: BounceServices, request: Request): Promise<Reporter> {
  const { user } = await lookUpSession(services.auth, request);
  if (!user) return { ok: false, response: refusal(401, BOUNCE_TEXTS.signedOut) };
  const access = await getViewerAccess(services.db, user);
  if (!access.hasActiveAccess) return { ok: false, response: refusal(403, BOUNCE_TEXTS.noAccess) };
  return { ok: true, userId: user.id };
}

/** read-body throws its 4xx as a JSON Response: that is the answer. */
async function readingBody<T>(
  read: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: await read() };
  } catch (thrown) {
    if (thrown instanceof Response) return { ok: false, response: thrown };
    throw thrown;
  }
}

/** A positive integer id from JSON (a number or its digits), else null. */
function idOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** The address to report: the searchable company's own, or one of its people's; a refusal otherwise. */
async function addressToReport(
  db: Db,
  companyId: number,
  personId: number | null,
): Promise<{ ok: true; email: string } | { ok: false; response: Response }> {
  const [found] = await queryRows<{ email: string | null; person_found: boolean }>(
    db,
    personId === null
      ? sql`select email, true as person_found from companies where id = ${companyId} and not suppressed`
      : sql`select p.email, true as person_found from companies c
            left join people p on p.company_id = c.id and p.id = ${personId}
            where c.id = ${companyId} and not c.suppressed`,
  );
  if (!found) return { ok: false, response: refusal(404, BOUNCE_TEXTS.noCompany) };
  if (personId !== null && found.email === null) {
    const [person] = await queryRows<{ id: number }>(
      db,
      sql`select id from people where id = ${personId} and company_id = ${companyId}`,
    );
    if (!person) return { ok: false, response: refusal(404, BOUNCE_TEXTS.noPerson) };
  }
  if (!found.email?.trim()) return { ok: false, response: refusal(409, BOUNCE_TEXTS.noAddress) };
  return { ok: true, email: found.email };
}

async function statusOf(db: Db, email: string): Promise<EmailStatus | null> {
  const [row] = await queryRows<{ status: EmailStatus }>(
    db,
    sql`select status from email_addresses where email = ${email.trim().toLowerCase()}`,
  );
  return row?.status ?? null;
}

/** POST /api/email-bounces with `{ companyId, personId? }`. */
export async function handleBounceReport(services: BounceServices, request: Request): Promise<Response> {
  if (request.method !== "POST")
    return refusal(405, "POST { companyId, personId? } here.", { Allow: "POST" });
  const reporter = await reporterOf(services, request);
  if (!reporter.ok) return reporter.response;
  if (!isJsonType(request.headers.get("content-type"))) return refusal(415, BOUNCE_TEXTS.badBody);
  const body = await readingBody(() => readJsonObject(request));
  if (!body.ok) return body.response;
  const companyId = idOf(body.value.companyId);
  const hasPerson = body.value.personId !== undefined && body.value.personId !== null;
  const personId = hasPerson ? idOf(body.value.personId) : null;
  if (companyId === null || (hasPerson && personId === null)) return refusal(400, BOUNCE_TEXTS.badBody);
  const address = await addressToReport(services.db, companyId, personId);
  if (!address.ok) return address.response;
  const outcome = await reportBounces(services.db, reporter.userId, [address.email], services.reports);
  const status = await statusOf(services.db, address.email);
  // Marked bounced now, as the badge will show it (markBounced leaves the demo set's rows as they are).
  const isBounced = outcome.markedBounced > 0 && status === "bounced";
  const answer: BounceReportAnswer =
    outcome.reported === 0
      ? {
          outcome: "already-reported",
          status,
          toast: {
            title: BOUNCE_TEXTS.alreadyTitle,
            description: BOUNCE_TEXTS.alreadyDescription,
            type: "info",
          },
        }
      : {
          outcome: isBounced ? "bounced" : "reported",
          status,
          toast: {
            title: BOUNCE_TEXTS.reportedTitle,
            description: isBounced
              ? BOUNCE_TEXTS.bouncedDescription
              : outcome.markedBounced > 0
                ? // A demo address (decision 028): its generated status is left as it is.
                  BOUNCE_TEXTS.thanks
                : outcome.rechecking > 0
                  ? BOUNCE_TEXTS.reportedDescription
                  : BOUNCE_TEXTS.reportedUncheckedDescription,
            type: "success",
          },
        };
  return json(answer, outcome.reported === 0 ? 200 : 201);
}

/** The uploaded list's text: a multipart form's `file`, or the body itself (text/csv). */
async function uploadedText(
  request: Request,
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const type = mediaTypeOf(request.headers.get("content-type"));
  if (type === "multipart/form-data") {
    const form = await readingBody(() => readFormCapped(request));
    if (!form.ok) return form;
    const file = form.value.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return {
        ok: false,
        response: refusal(400, file instanceof File ? BOUNCE_TEXTS.emptyFile : BOUNCE_TEXTS.noFile),
      };
    }
    if (file.size > MAX_BOUNCE_LIST_BYTES)
      return { ok: false, response: refusal(413, BOUNCE_TEXTS.tooLarge) };
    return { ok: true, text: await file.text() };
  }
  if (type === "text/csv" || type === "text/plain" || type === "application/csv") {
    const text = await readingBody(() =>
      readTextCapped(request, MAX_BOUNCE_LIST_BYTES, BOUNCE_TEXTS.tooLarge),
    );
    if (!text.ok) return text;
    return { ok: true, text: text.value };
  }
  return { ok: false, response: refusal(415, BOUNCE_TEXTS.noFile) };
}

/**
 * A multipart body up to the list's limit plus the form's own bytes (readForm caps forms at a few kB), read
 * capped and then parsed as a form.
 */
async function readFormCapped(request: Request): Promise<FormData> {
  const bytes = await readBytesCapped(request, MAX_BOUNCE_LIST_BYTES + 16 * 1024, BOUNCE_TEXTS.tooLarge);
  try {
    return await new Response(bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw Response.json({ error: BOUNCE_TEXTS.unreadable }, { status: 400, headers: NO_STORE });
  }
}

/** POST /api/email-bounces/upload: a bounce list (multipart `file`, or the CSV as the body). */
export async function handleBounceListUpload(services: BounceServices, request: Request): Promise<Response> {
  if (request.method !== "POST") return refusal(405, BOUNCE_TEXTS.noFile, { Allow: "POST" });
  const reporter = await reporterOf(services, request);
  if (!reporter.ok) return reporter.response;
  const upload = await uploadedText(request);
  if (!upload.ok) return upload.response;
  const list = readBounceList(upload.text);
  if (!list.ok) return refusal(400, list.error);
  const outcome = await reportBounces(
    services.db,
    reporter.userId,
    list.addresses.map((row) => row.email),
    services.reports,
  );
  const answer: BounceUploadAnswer = {
    reported: outcome.reported,
    alreadyReported: outcome.alreadyReported,
    notFound: outcome.notFound,
    markedBounced: outcome.markedBounced,
    rejected: list.rejected,
  };
  return json(answer);
}
