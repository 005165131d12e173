/** Who is calling: resolved once per request from the Authorization header. */
export interface UserCaller {
  type: 'user';
  id: string;
  businessId: string;
  organizationIds: string[];
  roles: string[];
  record: Record<string, unknown>;
  /** Set when the call carries `Authorization: API_KEY <key>`: it acts as the key's creating user. */
  apiKeyId?: string;
}

export interface EnduserCaller {
  type: 'enduser';
  id: string;
  businessId: string;
  organizationIds: string[];
  record: Record<string, unknown>;
  /**
   * Set for a public form session: the token may fill this one form response (and upload its files)
   * and do nothing else, so a session started with someone's email never opens their records.
   */
  formResponseId?: string;
}

export type Caller = UserCaller | EnduserCaller;

export const isAdmin = (caller: Caller | undefined) => caller?.type === 'user' && caller.roles.includes('Admin');

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
    }
  }
}
