/** The one rule lives in core (the browser reads redirectTo too); kept here for server imports. */
export { safeRedirectPath } from "~/core/redirect-path";
