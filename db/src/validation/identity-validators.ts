import { fail } from './field-error';
import * as v from './validators';
import type { Validator } from './validators';

/**
 * Nested shapes of access and identity: role-based access permissions and the audit log
 * (docs/contract/entities.md#people-and-access, access.md#permission-matrix), and the list of every
 * resource that permission maps and webhook subscriptions key on.
 */

/** Every resource of the API (docs/contract/api.md#resources): the keys of webhook subscriptions and permission maps. */
export const API_RESOURCES = [
  'endusers', 'enduser_status_updates', 'api_keys', 'integrations', 'engagement_events', 'journeys', 'tasks', 'emails',
  'sms_messages', 'chat_rooms', 'chats', 'users', 'templates', 'files', 'tickets', 'meetings', 'notes', 'forms',
  'form_fields', 'form_responses', 'webhooks', 'calendar_events', 'calendar_event_templates', 'calendar_event_RSVPs',
  'automation_steps', 'automated_actions', 'automation_triggers', 'user_logs', 'user_notifications',
  'enduser_observations', 'managed_content_records', 'managed_content_record_assignments', 'forums', 'forum_posts',
  'post_comments', 'post_likes', 'comment_likes', 'organizations', 'databases', 'database_records',
  'portal_customizations', 'care_plans', 'enduser_tasks', 'role_based_access_permissions', 'appointment_booking_pages',
  'appointment_locations', 'products', 'purchases', 'purchase_credits', 'phone_calls', 'superbills',
  'superbill_providers', 'background_errors', 'enduser_views', 'availability_blocks', 'analytics_frames', 'waitlist_requests',
] as const;

// ---------------------------------------------------------------------------------------------
// Logs

export const USER_LOG_ACTIONS = ['create', 'update', 'delete'] as const;

// ---------------------------------------------------------------------------------------------
// Role-based access permissions

export const ACCESS_LEVELS = ['All', 'Assigned', 'Default'] as const;
export const ADMIN_ROLE = 'Admin';

/** 'All', 'Assigned', 'Default', or null for no access; the key must be present. */
const accessLevel = (operation: string, value: unknown) => {
  if (value === undefined) return fail(`missing value for ${operation}`);
  if (value === null) return null;
  return v.oneOf(ACCESS_LEVELS)(value);
};

const OPERATIONS = ['create', 'read', 'update', 'delete'] as const;

const FLAGS = ['showInSidebar', 'creatorOnly'];

/**
 * One resource's entry: { create, read, update, delete, showInSidebar?, creatorOnly? }. creatorOnly
 * limits the role's updates and deletes to records its holder created.
 */
const resourcePermission: Validator<Record<string, unknown>> = (value) => {
  if (!v.isObject(value)) return fail(`Expected a non-null object by got ${v.describeValue(value)}`);
  const unknown = Object.keys(value).filter((key) => !(OPERATIONS as readonly string[]).includes(key) && !FLAGS.includes(key));
  if (unknown.length) return fail(`Got unexpected field(s) [${unknown.join(', ')}]`);
  const output: Record<string, unknown> = {};
  for (const operation of OPERATIONS) output[operation] = accessLevel(operation, value[operation]);
  for (const flag of FLAGS) if (value[flag] !== undefined && value[flag] !== null) output[flag] = v.boolean(value[flag]);
  return output;
};

/** Per resource name, its access levels (docs/contract/access.md#permission-matrix). */
export const accessPermissions = v.objectOf(Object.fromEntries(API_RESOURCES.map((name) => [name, v.optional(resourcePermission)])));
