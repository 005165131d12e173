import { RESOURCES } from '@carelane/db';

/**
 * The reference client's own test functions (node_modules/@tellescope/sdk/lib/cjs/tests) that Carelane
 * answers for (issue 12). The ones left out, each with its reason, are listed in docs/decisions.md
 * ("Reference suite: functions out of scope").
 */
export const IN_SCOPE_FUNCTIONS = [
  'setup_tests',
  'filterTests',
  'mdb_filter_tests',
  'search_tests',
  'journey_tests',
  'register_as_enduser_tests',
  'role_based_access_tests',
  'chat_tests',
  'chat_room_tests',
  'community_tests',
  'files_tests',
  'form_response_tests',
  'public_form_tests',
  'status_update_tests',
  'calendar_events_tests',
  'calendar_event_RSVPs_tests',
  'managed_content_records_tests',
  'enduser_tests',
  'enduserAccessTests',
  'enduser_session_tests',
  'users_tests',
  'delete_user_tests',
  'sub_organization_tests',
  'sub_organization_enduser_tests',
  'automation_trigger_tests',
  'field_equals_trigger_tests',
  'no_chained_triggers_tests',
  'wait_for_trigger_tests',
  'marketing_email_unsubscribe_tests',
  'generateEnduserAuthTests',
  'generate_user_auth_tests',
  'badInputTests',
  'bulk_read_tests',
  // Joined once calendar booking, meetings, realtime and webhooks landed (issue 12).
  'meetings_tests',
  'self_serve_appointment_booking_tests',
  // Chats only (no vendor integration): a patient's chat out of office gets the autoreply.
  'auto_reply_tests',
] as const;

/**
 * Resources the suite's run_generated_tests returns from at once (its own list: readonly, background
 * processing, or covered elsewhere), and ours its schema does not know (tasks): nothing to run.
 */
const GENERATED_SKIPPED_BY_SUITE = new Set([
  'post_likes', 'users', 'integrations', 'databases', 'database_records', 'phone_calls', 'analytics_frames',
  'superbills', 'webhooks', 'integration_logs', 'automated_actions', 'waitlists', 'tasks', 'waitlist_requests',
]);

/** The resources whose generated CRUD tests run: those of our spec (the suite's schema has many more). */
export const GENERATED_CRUD = RESOURCES.map((resource) => resource.name)
  .filter((name) => !GENERATED_SKIPPED_BY_SUITE.has(name))
  .sort();

export interface ReferenceItem {
  /** Shown in the table: the function's name, `generated:<resource>`, or the file for public endpoints. */
  name: string;
  file: 'tests.js' | 'public_endpoint_tests.js' | 'socket_tests.js' | 'webhooks_tests.js';
  fn: string;
}

export const inScopeItems = (): ReferenceItem[] => [
  // Each function once (the list above names a few twice).
  ...[...new Set(IN_SCOPE_FUNCTIONS)].map((fn) => ({ name: fn, file: 'tests.js' as const, fn })),
  { name: 'public_endpoint_tests', file: 'public_endpoint_tests.js', fn: '' },
  { name: 'socket_tests', file: 'socket_tests.js', fn: '' },
  { name: 'webhooks_tests', file: 'webhooks_tests.js', fn: '' },
  ...GENERATED_CRUD.map((resource) => ({ name: `generated:${resource}`, file: 'tests.js' as const, fn: `generated:${resource}` })),
];

/**
 * Functions that read against a fixed clock (below, SPEC_DIFFERS' comment): the runner runs them
 * last, one at a time, with nothing beside them, as the vendor's suite runs every function. Beside
 * another function they share the one worker with its bursts: field_equals_trigger_tests' 30 trigger
 * runs put a trigger of another business seconds behind (p50 0.6 s, p90 3.7 s on this 2-core
 * machine, measured 2026-11-27 with the trigger's own queue; 0.8 s and 3.8 s before it).
 * field_equals_trigger_tests itself gives its trigger runs (6 triggers over 8 new endusers) 25 polls 200 ms
 * apart: beside another function, under the full suite's load, it ran out of polls once (stop 28's
 * first CI run). wait_for_trigger_tests reads its journey's trigger after a fixed 8 s and 5 s: beside
 * another function, under the full suite's load on a slower machine, it read too early once
 * (2026-11-30, a run at load average 6).
 */
export const RUN_ALONE = new Set(['no_chained_triggers_tests', 'chat_tests', 'chat_room_tests', 'field_equals_trigger_tests', 'wait_for_trigger_tests']);

/**
 * Functions that pass in full today (the table of `npm run test:reference`); the jest test under
 * `npm test` keeps them passing. Grow it as defects are fixed.
 */
export const EXPECTED_TO_PASS: string[] = [
  'setup_tests',
  'users_tests',
  'delete_user_tests',
  'status_update_tests',
  'filterTests',
  'mdb_filter_tests',
  'search_tests',
  'journey_tests',
  'register_as_enduser_tests',
  'calendar_events_tests',
  'managed_content_records_tests',
  'community_tests',
  'files_tests',
  'form_response_tests',
  'public_form_tests',
  'sub_organization_enduser_tests',
  'enduser_session_tests',
  'wait_for_trigger_tests',
  'generateEnduserAuthTests',
  'generate_user_auth_tests',
  'badInputTests',
  'role_based_access_tests',
  'bulk_read_tests',
  'public_endpoint_tests',
  'field_equals_trigger_tests',
  'marketing_email_unsubscribe_tests',
  'generated:appointment_booking_pages',
  'generated:appointment_locations',
  'generated:automation_steps',
  'generated:automation_triggers',
  'generated:background_errors',
  'generated:calendar_event_RSVPs',
  'generated:calendar_event_templates',
  'generated:calendar_events',
  'generated:care_plans',
  'generated:chat_rooms',
  'generated:emails',
  'generated:enduser_observations',
  'generated:enduser_tasks',
  'generated:enduser_views',
  'generated:endusers',
  'generated:engagement_events',
  'generated:form_fields',
  'generated:form_responses',
  'generated:forms',
  'generated:forum_posts',
  'generated:forums',
  'generated:journeys',
  'generated:managed_content_record_assignments',
  'generated:managed_content_records',
  'generated:notes',
  'generated:organizations',
  'generated:portal_customizations',
  'generated:post_comments',
  'generated:products',
  'generated:purchase_credits',
  'generated:purchases',
  'generated:role_based_access_permissions',
  'generated:sms_messages',
  'generated:superbill_providers',
  'generated:templates',
  'generated:tickets',
  'generated:user_logs',
  'generated:user_notifications',
  'auto_reply_tests',
];

/**
 * In-scope functions that fail where our specification says otherwise (issue 12: "to pass in full
 * unless the spec says otherwise (record each such case)"). Each is recorded, with the assertion and
 * the spec's rule, in docs/decisions.md (Issue 12 sections); `npm run test:reference` prints them
 * apart and fails only on a function outside this list. Not listed (they pass, but each reads
 * against a fixed clock, so `npm test`, which runs it beside other suites, leaves them to `npm run
 * test:reference`): no_chained_triggers_tests reads a trigger's tag 250 ms after the write that fired
 * it (a Temporal run; bench:triggers: p95 112 ms idle, 97 of 100 within 250 ms under load);
 * chat_room_tests wants an enduser's lastLogout under 100 ms old after a logout and a read; chat_tests
 * wants a released chat's timestamp under 1 s old after a 250 ms wait and a read.
 */
export const SPEC_DIFFERS: Record<string, string> = {
  calendar_event_RSVPs_tests: 'an enduser RSVPs to a private event they do not attend; we allow RSVPs only on events the enduser can see',
  enduser_tests: "expects 'Uniqueness Violation' for enduser email and phone; 000 §5's unique fields do not include them",
  enduserAccessTests: "expects 'This action is not allowed' on every resource of the vendor's schema; ours is 'You do not have access to this resource' (issue 4), and most of those resources are not ours",
  sub_organization_tests: "endusers creating engagement_events, which 000 §6's enduser access list does not include",
  automation_trigger_tests: "expects an enduser added by a trigger in state ''; ours enters the journey's defaultState (000 §9 'New')",
  meetings_tests: "expects a non-admin's meetings list refused ('Admin access only') and my_meetings to list meetings one does not attend; 000 §6 gives staff meetings by attendee",
  self_serve_appointment_booking_tests: 'group bookings and booking of templates without enableSelfScheduling, neither in the spec',
  webhooks_tests: "subscribes to every model of the vendor's WEBHOOK_MODELS at once; ours refuses models outside the spec with the client's own 'Got unexpected field(s)'",
  socket_tests: 'the shipped client never opens its socket for these sessions (authenticate_socket is commented out); delivery is covered by our realtime suites',
  'generated:api_keys': "expects 'This action is not allowed' for createMany/update; ours answers the spec's text for API keys",
  'generated:availability_blocks': 'the example day 30 for dayOfWeekStartingSundayIndexedByZero; ours is 0-6',
  'generated:chats': "expects createMany refused ('This action is not allowed'); our spec lets staff create several chats at once",
  'generated:comment_likes': "expects createMany refused ('This action is not allowed'); our spec lets staff create several likes at once",
  'generated:enduser_status_updates': "expects update refused ('This action is not allowed'); our spec lets staff update status updates",
  'generated:files': "expects generic create refused ('This action is not allowed'); staff may create file records by our definition",
  'generated:meetings': 'expects update refused; staff may update meetings by our definition',
};
