import type { Caller } from '@carelane/engine';

// The caller types live with the engine (@carelane/engine), which the worker's activities share.
export { isAdmin, isRootAdmin, systemCaller, type Caller, type EnduserCaller, type UserCaller } from '@carelane/engine';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
    }
  }
}
