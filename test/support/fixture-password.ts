import { hash } from '@node-rs/bcrypt';

/**
 * The stored hash of a test account's password, written straight to the database: bcrypt at its
 * lowest cost (4). The api verifies a hash at the cost it names, and at the api's own cost (12) each
 * sign-in of such an account took about 300 ms of CPU on a 2-core machine, hundreds of times in
 * `npm test`. Passwords set through the api (registration, resets, changes) are still hashed at 12,
 * and the identity suites prove it.
 */
export const fixturePasswordHash = (password: string) => hash(password, 4);
