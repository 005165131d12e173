/**
 * The access matrix of issue #4, written from docs/contract/access.md (not from the resource
 * definitions, which it checks): for every resource, what each kind of caller gets from create,
 * read, list, update and delete on a record that belongs to the owning enduser's organization.
 *
 * The record ("fixture") is created by the owning enduser where endusers may create the resource,
 * else by the organization's Admin; it is about the owning enduser where the resource names one,
 * and not assigned to any staff member. Create payloads are that same record's (so another enduser's
 * create names the owner, and another organization's names this organization's parent records).
 */
export const OPERATIONS = ['create', 'read', 'list', 'update', 'delete'] as const;
export type Op = (typeof OPERATIONS)[number];

/**
 * ok: done (a read returns the record, a list contains it). hidden: as if absent (404 'Could not find
 * a record for the given id'; a list without it). forbidden: 403. unauthenticated: 401 'Unauthenticated'.
 * refused: 400 (a payload naming another organization's records). Every answer but ok changes nothing.
 */
export type Outcome = 'ok' | 'hidden' | 'forbidden' | 'unauthenticated' | 'refused';

export const ACTORS = [
  'admin',
  'staffAll',
  'staffAssigned',
  'staffDefault',
  'staffNone',
  'owner',
  'otherEnduser',
  'otherOrgAdmin',
  'anonymous',
] as const;
export type Actor = (typeof ACTORS)[number];

export interface MatrixRow {
  /** Operations open to staff, as letters: c(reate) r(ead) l(ist) u(pdate) d(elete). */
  staff: string;
  /** Of those, the ones only Admins may perform (the root Admin, for role permissions). */
  adminOnly?: string;
  /** Operations open to endusers on records that are theirs; shared: other endusers read them too. */
  enduser?: { ops: string; shared?: boolean };
  /** Answers the spec states for a particular caller, beyond the general rules below. */
  except?: Partial<Record<Actor, Partial<Record<Op, Outcome>>>>;
}

const LETTER: Record<Op, string> = { create: 'c', read: 'r', list: 'l', update: 'u', delete: 'd' };
const has = (letters: string | undefined, op: Op) => (letters ?? '').includes(LETTER[op]);

/**
 * The general rules: anonymous callers are unauthenticated; a role with no access (null everywhere)
 * is forbidden; staff get what is open to staff unless Admin-only; a staff member whose level is
 * Assigned does not see a record neither theirs nor assigned to them; the owning enduser gets what
 * endusers may do; another enduser does not see the owner's records unless they are shared, and
 * never changes them; another organization's Admin sees nothing of this one and cannot name its
 * records in a payload.
 */
export const expected = (row: MatrixRow, actor: Actor, op: Op, payloadNamesRecords: boolean): Outcome => {
  const stated = row.except?.[actor]?.[op];
  if (stated) return stated;
  const staffMay = has(row.staff, op);
  const adminOnly = has(row.adminOnly, op);
  const enduserMay = has(row.enduser?.ops, op);
  const shared = row.enduser?.shared === true;
  switch (actor) {
    case 'anonymous':
      return 'unauthenticated';
    case 'staffNone':
      return 'forbidden';
    case 'admin':
      return staffMay ? 'ok' : 'forbidden';
    case 'staffAll':
    case 'staffDefault':
      return staffMay && !adminOnly ? 'ok' : 'forbidden';
    case 'staffAssigned':
      if (!staffMay || adminOnly) return 'forbidden';
      return op === 'create' ? 'ok' : 'hidden';
    case 'owner':
      return enduserMay ? 'ok' : 'forbidden';
    case 'otherEnduser':
      if (!enduserMay) return 'forbidden';
      if (op === 'create') return shared ? 'ok' : 'forbidden';
      if (op === 'read' || op === 'list') return shared ? 'ok' : 'hidden';
      return shared ? 'forbidden' : 'hidden';
    case 'otherOrgAdmin':
      if (!staffMay) return 'forbidden';
      if (op === 'create') return payloadNamesRecords ? 'refused' : 'ok';
      return 'hidden';
  }
};

const staffOnly: MatrixRow = { staff: 'crlud' };
/** Shared reference data endusers read (forms, booking pages ...). */
const readByEndusers: MatrixRow = { staff: 'crlud', enduser: { ops: 'rl', shared: true } };
/** Emails and SMS: by default non-admin staff see only what they sent or what concerns endusers assigned to them. */
const staffMessages: MatrixRow = { staff: 'crlud', except: { staffDefault: { read: 'hidden', list: 'hidden', update: 'hidden', delete: 'hidden' } } };
/** Creator-only deletes for everyone, Admins included (comment likes). */
const creatorDeletes = { admin: { delete: 'forbidden' }, staffAll: { delete: 'forbidden' }, staffDefault: { delete: 'forbidden' } } as const;

/** One row per resource of docs/contract/api.md#resources. A resource without a row fails the matrix. */
export const MATRIX: Record<string, MatrixRow> = {
  analytics_frames: staffOnly,
  api_keys: { staff: 'crld', adminOnly: 'crld' },
  appointment_booking_pages: readByEndusers,
  appointment_locations: readByEndusers,
  automated_actions: staffOnly,
  automation_steps: staffOnly,
  automation_triggers: staffOnly,
  availability_blocks: staffOnly,
  background_errors: staffOnly,
  calendar_event_RSVPs: { staff: 'crlud', enduser: { ops: 'crlud' } },
  calendar_event_templates: readByEndusers,
  calendar_events: { staff: 'crlud', enduser: { ops: 'rlu' } },
  care_plans: { staff: 'crlud', enduser: { ops: 'rl' } },
  // An enduser's new room is their own room (they are its member), whoever else it names.
  // Visibility filters (docs/contract/access.md#visibility-filters): chat rooms by member lists, also at the default level (issue 12); chats follow their room.
  chat_rooms: { staff: 'crlud', enduser: { ops: 'crl' }, except: { otherEnduser: { create: 'ok' }, staffDefault: { read: 'hidden', list: 'hidden', update: 'hidden', delete: 'hidden' } } },
  // A chat goes into a room: staff holding Assigned write only in rooms of theirs.
  chats: { staff: 'crlud', enduser: { ops: 'crl' }, except: { staffAssigned: { create: 'forbidden' }, staffDefault: { read: 'hidden', list: 'hidden', update: 'hidden', delete: 'hidden' } } },
  comment_likes: { staff: 'crld', enduser: { ops: 'crld', shared: true }, except: creatorDeletes },
  database_records: staffOnly,
  databases: staffOnly,
  emails: staffMessages,
  enduser_observations: { staff: 'crlud', enduser: { ops: 'crl' } },
  enduser_status_updates: staffOnly,
  enduser_tasks: { staff: 'crlud', enduser: { ops: 'rlu' } },
  enduser_views: staffOnly,
  // The fixture is the owning enduser's own profile; staff holding Assigned may only add endusers assigned to them.
  endusers: {
    staff: 'crlud',
    enduser: { ops: 'rlu' },
    except: { staffAssigned: { create: 'forbidden' }, otherEnduser: { update: 'forbidden' } },
  },
  engagement_events: staffOnly,
  files: { staff: 'crlud', enduser: { ops: 'crlud' } },
  form_fields: readByEndusers,
  form_responses: { staff: 'crlud', enduser: { ops: 'rlu' } },
  forms: readByEndusers,
  forum_posts: { staff: 'crlud', enduser: { ops: 'crlud', shared: true } },
  forums: readByEndusers,
  // Connecting, replacing and disconnecting an outside service is an Admin's (docs/decisions.md, issue 29).
  integrations: { staff: 'crlud', adminOnly: 'cud' },
  journeys: staffOnly,
  managed_content_record_assignments: { staff: 'crlud', enduser: { ops: 'rl' } },
  managed_content_records: { staff: 'crlud', enduser: { ops: 'crl' } },
  // Meetings are made by the meeting calls, never by a generic create.
  meetings: { staff: 'rlu', enduser: { ops: 'rl' } },
  notes: staffOnly,
  organizations: { staff: 'rlu', adminOnly: 'u' },
  phone_calls: staffOnly,
  portal_customizations: readByEndusers,
  post_comments: { staff: 'crlud', enduser: { ops: 'crld', shared: true } },
  post_likes: { staff: 'crld', enduser: { ops: 'crld', shared: true } },
  products: staffOnly,
  purchase_credits: staffOnly,
  purchases: staffOnly,
  role_based_access_permissions: { staff: 'crlud', adminOnly: 'cud' },
  sms_messages: staffMessages,
  superbill_providers: staffOnly,
  superbills: staffOnly,
  tasks: staffOnly,
  templates: staffOnly,
  tickets: { staff: 'crlud', enduser: { ops: 'crl' } },
  user_logs: { staff: 'rl' },
  user_notifications: staffOnly,
  // Non-admins may edit only their own profile: the fixture is another user's.
  users: {
    staff: 'crlud',
    adminOnly: 'cd',
    except: { staffAll: { update: 'forbidden' }, staffDefault: { update: 'forbidden' }, staffAssigned: { update: 'forbidden' } },
  },
  // Patients join by the join-waitlist call (docs/decisions.md, "The waitlist"); staff manage entries.
  waitlist_requests: staffOnly,
  // One configuration per business by the configure call (root Admins): never a generic create.
  webhooks: { staff: 'rlud', adminOnly: 'ud' },
};
