import { createContext, useContext } from 'react';

/**
 * The per-request CSP nonce (entry.server.tsx makes one for each document) handed to the components
 * that write Remix's inline hydration scripts. Undefined in the browser: scripts are already there.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
