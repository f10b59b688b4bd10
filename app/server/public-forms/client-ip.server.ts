import { CLIENT_IP_HEADER } from "../auth/client-ip";

/** The client's IP as server.mjs set it (never the client's say); one shared bucket when it is missing. */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "unknown";
}
