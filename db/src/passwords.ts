import { hash, verify } from '@node-rs/bcrypt';

/** bcrypt with cost 12: slow enough to resist offline guessing, fast enough for interactive login. */
const COST = 12;

// Native bcrypt (napi-rs, prebuilt binaries) on libuv's thread pool. bcryptjs, used before, ran in
// JavaScript on the api's one event loop: about 420 ms of it per login or API-key check on a 2-core
// machine, in slices of up to 100 ms during which no other request was answered. The hashes are the
// same ($2b$, cost 12), so every stored hash still verifies.
export const hashSecret = (secret: string) => hash(secret, COST);
export const verifySecret = (secret: string, hashed: string | null | undefined) =>
  hashed ? verify(secret, hashed).catch(() => false) : Promise.resolve(false);
