import { RESOURCES } from '@carelane/db';
import { DOMAINS } from './definition-test-kit';

/**
 * The list of resources as a whole: RESOURCES keeps its order (the entity schemas, and so generated
 * migrations, and the API documentation follow it), and every resource but the five core ones is
 * covered by exactly one <domain>-definitions.test.ts.
 */

const CORE_RESOURCES = ['organizations', 'users', 'endusers', 'journeys', 'enduser_status_updates'];

describe('RESOURCES', () => {
  it('lists the 56 resources in order, each named once', () => {
    expect(RESOURCES.map((definition) => definition.name)).toEqual([
      'organizations',
      'users',
      'endusers',
      'journeys',
      'enduser_status_updates',
      'api_keys',
      'integrations',
      'engagement_events',
      'tasks',
      'emails',
      'sms_messages',
      'chat_rooms',
      'chats',
      'templates',
      'files',
      'tickets',
      'meetings',
      'notes',
      'forms',
      'form_fields',
      'form_responses',
      'webhooks',
      'automation_steps',
      'automated_actions',
      'automation_triggers',
      'user_logs',
      'user_notifications',
      'background_errors',
      'enduser_views',
      'role_based_access_permissions',
      'phone_calls',
      'calendar_events',
      'calendar_event_templates',
      'calendar_event_RSVPs',
      'enduser_observations',
      'managed_content_records',
      'managed_content_record_assignments',
      'forums',
      'forum_posts',
      'post_comments',
      'post_likes',
      'comment_likes',
      'databases',
      'database_records',
      'portal_customizations',
      'care_plans',
      'enduser_tasks',
      'appointment_booking_pages',
      'appointment_locations',
      'products',
      'purchases',
      'purchase_credits',
      'superbills',
      'superbill_providers',
      'availability_blocks',
      'analytics_frames',
      'waitlist_requests',
    ]);
  });

  it('puts every resource but the core ones in exactly one domain', () => {
    const inDomains = Object.values(DOMAINS).flat();
    expect(new Set(inDomains).size).toBe(inDomains.length);
    expect([...CORE_RESOURCES, ...inDomains].sort()).toEqual(RESOURCES.map((definition) => definition.name).sort());
  });
});
