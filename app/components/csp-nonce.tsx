import { createContext, useContext } from "react";

/**
 * docs/product.md#security: the nonce of this document's Content-Security-Policy, made per request by
 * entry.server.tsx, for the inline scripts the root renders (<Scripts>). Undefined in the browser: the
 * nonce only matters in the HTML the server sends (browsers hide it from the DOM anyway).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
