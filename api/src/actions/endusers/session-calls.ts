import { defineAction } from '../action';
import { enduserSessionInfo } from './enduser-session';

/** GET /enduser-session-info: who the enduser token belongs to. */
export const enduserSessionInfoCall = defineAction({
  method: 'get',
  path: '/enduser-session-info',
  auth: 'enduser',
  handler: async ({ caller }) => ({ enduser: enduserSessionInfo(caller.record) }),
});

/** POST /logout-enduser: bumps the session version, so this and every other token of the enduser stops working. */
export const logoutEnduser = defineAction({
  method: 'post',
  path: '/logout-enduser',
  auth: 'enduser',
  handler: async ({ services, caller }) => {
    await services.dataSource
      .getRepository('endusers')
      .update({ _id: caller.id, businessId: caller.businessId }, { sessionVersion: Number(caller.record.sessionVersion ?? 0) + 1, lastLogout: new Date() });
    return {};
  },
});
