import { defineAction } from '../action';

/** GET /v1: the api answers (the reference client's test_online). */
export const apiStatus = defineAction({
  method: 'get',
  path: '/',
  auth: 'public',
  handler: async () => ({ status: 'online' }),
});

/** GET /v1/test-authenticated: the token is accepted. */
export const testAuthenticated = defineAction({
  method: 'get',
  path: '/test-authenticated',
  auth: 'any',
  handler: async ({ caller }) => ({ authenticated: true, type: caller.type, id: caller.id }),
});
