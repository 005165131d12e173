import type { ResourceDefinition } from './define';
import { organizations } from './organizations';
import { users } from './users';
import { endusers } from './endusers';
import { journeys } from './journeys';
import { enduser_status_updates } from './enduser-status-updates';
import { api_keys } from './api-keys';
import { integrations } from './integrations';
import { engagement_events } from './engagement-events';
import { tasks } from './tasks';
import { emails } from './emails';
import { sms_messages } from './sms-messages';
import { chat_rooms } from './chat-rooms';
import { chats } from './chats';
import { templates } from './templates';
import { files } from './files';
import { tickets } from './tickets';
import { meetings } from './meetings';
import { notes } from './notes';
import { forms } from './forms';
import { form_fields } from './form-fields';
import { form_responses } from './form-responses';
import { webhooks } from './webhooks';
import { automation_steps } from './automation-steps';
import { automated_actions } from './automated-actions';
import { automation_triggers } from './automation-triggers';
import { user_logs } from './user-logs';
import { user_notifications } from './user-notifications';
import { background_errors } from './background-errors';
import { enduser_views } from './enduser-views';
import { role_based_access_permissions } from './role-based-access-permissions';
import { phone_calls } from './phone-calls';
import { calendar_events } from './calendar-events';
import { calendar_event_templates } from './calendar-event-templates';
import { calendar_event_RSVPs } from './calendar-event-rsvps';
import { enduser_observations } from './enduser-observations';
import { managed_content_records } from './managed-content-records';
import { managed_content_record_assignments } from './managed-content-record-assignments';
import { forums } from './forums';
import { forum_posts } from './forum-posts';
import { post_comments } from './post-comments';
import { post_likes } from './post-likes';
import { comment_likes } from './comment-likes';
import { databases } from './databases';
import { database_records } from './database-records';
import { portal_customizations } from './portal-customizations';
import { care_plans } from './care-plans';
import { enduser_tasks } from './enduser-tasks';
import { appointment_booking_pages } from './appointment-booking-pages';
import { appointment_locations } from './appointment-locations';
import { products } from './products';
import { purchases } from './purchases';
import { purchase_credits } from './purchase-credits';
import { superbills } from './superbills';
import { superbill_providers } from './superbill-providers';
import { availability_blocks } from './availability-blocks';
import { analytics_frames } from './analytics-frames';
import { waitlist_requests } from './waitlist-requests';

/**
 * Every resource served by the generic engine. The entity schemas (and so generated migrations) and
 * the API documentation follow this order, so a new resource is appended at the end.
 */
export const RESOURCES: ResourceDefinition[] = [
  organizations,
  users,
  endusers,
  journeys,
  enduser_status_updates,
  api_keys,
  integrations,
  engagement_events,
  tasks,
  emails,
  sms_messages,
  chat_rooms,
  chats,
  templates,
  files,
  tickets,
  meetings,
  notes,
  forms,
  form_fields,
  form_responses,
  webhooks,
  automation_steps,
  automated_actions,
  automation_triggers,
  user_logs,
  user_notifications,
  background_errors,
  enduser_views,
  role_based_access_permissions,
  phone_calls,
  calendar_events,
  calendar_event_templates,
  calendar_event_RSVPs,
  enduser_observations,
  managed_content_records,
  managed_content_record_assignments,
  forums,
  forum_posts,
  post_comments,
  post_likes,
  comment_likes,
  databases,
  database_records,
  portal_customizations,
  care_plans,
  enduser_tasks,
  appointment_booking_pages,
  appointment_locations,
  products,
  purchases,
  purchase_credits,
  superbills,
  superbill_providers,
  availability_blocks,
  analytics_frames,
  waitlist_requests,
];

export const resourceByName = new Map(RESOURCES.map((definition) => [definition.name, definition]));

export * from './define';
export * from './policy';
export { USER_DELETION_MESSAGES, LAST_ADMIN_DEMOTION } from './users-guards';
export * from './policy-messages';
export { WAITLIST_MESSAGES, WAITLIST_STATUSES, WAITLIST_CHANNELS } from './waitlist-requests';
export { placeOnWaitlist, reachesOn, type WaitlistChannel, type WaitlistWait, type WaitlistWriter } from './waitlist-placement';
export {
  organizations,
  users,
  endusers,
  journeys,
  enduser_status_updates,
  api_keys,
  integrations,
  engagement_events,
  tasks,
  emails,
  sms_messages,
  chat_rooms,
  chats,
  templates,
  files,
  tickets,
  meetings,
  notes,
  forms,
  form_fields,
  form_responses,
  webhooks,
  automation_steps,
  automated_actions,
  automation_triggers,
  user_logs,
  user_notifications,
  background_errors,
  enduser_views,
  role_based_access_permissions,
  phone_calls,
  calendar_events,
  calendar_event_templates,
  calendar_event_RSVPs,
  enduser_observations,
  managed_content_records,
  managed_content_record_assignments,
  forums,
  forum_posts,
  post_comments,
  post_likes,
  comment_likes,
  databases,
  database_records,
  portal_customizations,
  care_plans,
  enduser_tasks,
  appointment_booking_pages,
  appointment_locations,
  products,
  purchases,
  purchase_credits,
  superbills,
  superbill_providers,
  availability_blocks,
  analytics_frames,
  waitlist_requests,
};
