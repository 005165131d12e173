import { defineAction } from '../action';
import { NoInput } from '../input';

/** GET /v1: the api answers, with the text the reference client's test_online expects. */
export const apiStatus = defineAction({
  method: 'get',
  path: '/',
  auth: 'public',
  input: NoInput,
  handler: async () => 'API V1 Online',
});

/** GET /v1/test-authenticated: the token is accepted ('Authenticated!', as the reference client expects; who is signed in is for the caller's own calls to show). */
export const testAuthenticated = defineAction({
  method: 'get',
  path: '/test-authenticated',
  auth: 'any',
  input: NoInput,
  handler: async () => 'Authenticated!',
});
