/**
 * The header that carries the client's IP from server.mjs to the app. server.mjs always overwrites
 * it (from the socket, or from X-Forwarded-For when the sender is one of TRUSTED_PROXIES), so a
 * client cannot choose its own IP to dodge rate limits.
 */
export const CLIENT_IP_HEADER = "x-roundlist-client-ip";
