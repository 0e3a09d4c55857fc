import { createContext, useContext } from "react";

/** The CSP nonce of this response; empty in the browser, where it is no longer needed. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
