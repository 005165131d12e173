import type { ResourceDefinition } from './define';
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

/** Keys, integrations, messaging, work items, files, forms, webhooks, automation, logs and permissions. */
export const GROUP_A: ResourceDefinition[] = [
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
];

export {
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
};
