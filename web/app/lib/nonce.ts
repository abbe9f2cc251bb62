import { createContext, useContext } from "react";

/** CSP nonce of the current request on the server; empty in the browser (browsers hide it after load anyway). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
