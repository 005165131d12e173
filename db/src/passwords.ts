import bcrypt from 'bcryptjs';

/** bcrypt with cost 12: slow enough to resist offline guessing, fast enough for interactive login. */
const COST = 12;

export const hashSecret = (secret: string) => bcrypt.hash(secret, COST);
export const verifySecret = (secret: string, hash: string | null | undefined) =>
  hash ? bcrypt.compare(secret, hash) : Promise.resolve(false);
