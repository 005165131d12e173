import type { ResourceDefinition } from './define';
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

/** Calendar, content, community, commerce, billing and analytics resources. */
export const GROUP_B: ResourceDefinition[] = [
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
];

export {
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
};
