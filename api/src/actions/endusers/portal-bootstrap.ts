import { resourceByName } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import type { ListOptions } from '@carelane/engine';
import { defineAction, type Services } from '../action';
import { readRows } from '../read-rows';
import { CheckedByHandler, S } from '../input';
import { enduserSessionInfo } from './enduser-session';

/** docs/contract/portal.md#events, #constants: 'Your Events' starts with events that began within the last 12 hours. */
const RECENT_EVENT_WINDOW_MS = 43_200_000;

type EnduserCaller = Extract<Caller, { type: 'enduser' }>;

/**
 * One part of the answer: exactly the generic list call (docs/contract/api.md#generic-calls) the
 * portal would make on its own, with the same caller, so each part shows what that call would and
 * nothing more.
 */
const list = (services: Services, caller: EnduserCaller, resource: string, options: ListOptions) => readRows(services, resourceByName.get(resource)!, caller, options);

/** A part the shell can do without (docs/contract/portal.md#shell: the Care Plan and booking entries, the live-call alert): null when it fails. */
const optional = (part: Promise<Record<string, unknown>[]>, what: string) =>
  part.catch((error: unknown) => {
    console.error(`portal-bootstrap: ${what} failed`, error instanceof Error ? error.message : error);
    return null;
  });

/**
 * GET /portal-bootstrap { home? } (ours; the spec names no such call, docs/decisions.md issue 13):
 * everything the portal's signed-in shell loads on every page, and with `home=true` what its
 * default Home shows, in one round trip instead of eight. Each part is the enduser's own generic
 * list read (same access rules, tenant scope and answer shape); the enduser is the session's, as
 * GET /enduser-session-info answers it.
 */
class PortalBootstrapInput {
  /** 'true' adds what the default Home shows. */
  @CheckedByHandler(S.oneOf(['true', 'false', true, false]))
  home?: unknown;
}

export const portalBootstrap = defineAction({
  method: 'get',
  path: '/portal-bootstrap',
  auth: 'enduser',
  input: PortalBootstrapInput,
  handler: async ({ services, caller }, input) => {
    const home = input.home === 'true' || input.home === true;
    const now = Date.now();
    const [portalCustomizations, chatRooms, carePlans, selfSchedulingTemplates, liveMeetings, outstandingForms, events] = await Promise.all([
      list(services, caller, 'portal_customizations', { limit: 100 }),
      list(services, caller, 'chat_rooms', { limit: 500 }),
      optional(list(services, caller, 'care_plans', { filter: { enduserId: caller.id }, limit: 1 }), 'care plans'),
      optional(list(services, caller, 'calendar_event_templates', { filter: { enableSelfScheduling: true }, limit: 1 }), 'event types'),
      optional(list(services, caller, 'meetings', { filter: { status: 'live' }, limit: 20, sort: 'newFirst' }), 'meetings'),
      home ? list(services, caller, 'form_responses', { filter: { enduserId: caller.id, submittedAt: { _exists: false } }, limit: 1000 }) : undefined,
      home ? list(services, caller, 'calendar_events', { filter: { startTimeInMS: { _gte: now - RECENT_EVENT_WINDOW_MS } }, limit: 1000 }) : undefined,
    ]);
    return {
      enduser: enduserSessionInfo(caller.record),
      portalCustomizations,
      chatRooms,
      carePlans,
      selfSchedulingTemplates,
      liveMeetings,
      ...(home ? { outstandingForms, events } : {}),
    };
  },
});
