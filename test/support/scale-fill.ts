import type { DataSource } from 'typeorm';

/**
 * A business filled the way a clinic network fills it, in SQL (generate_series, no api): `rows`
 * patients across 20 organizations with tags, assignees and last activity, and as many chat rooms,
 * chats, texts, emails, appointments (100 staff), automated actions and form responses. One patient
 * (`patientId`) has 500 appointments and 2,000 chats in one room, as the portal Home's figure asks
 * (issue #37). Ids are 24 hex characters with a leading letter per table, so they never meet the
 * api's own.
 */
export const SCALE_TABLES = ['endusers', 'chat_rooms', 'chats', 'sms_messages', 'emails', 'calendar_events', 'automated_actions', 'form_responses'] as const;

const id = (prefix: string, expression: string) => `('${prefix}' || lpad(to_hex(${expression}), 23, '0'))`;
const enduserOf = (i: string) => id('e', `(${i}) % $3 + 1`);
export const staffId = (k: number) => `5${k.toString(16).padStart(23, '0')}`;
const staffOf = (i: string) => id('5', `(${i}) % 100`);
const organizationOf = (i: string) => `jsonb_build_array(${id('4', `(${i}) % 20`)})`;

export const scaleIds = {
  patientId: `e${(1).toString(16).padStart(23, '0')}`,
  /** The patient's one room (room i = rows names enduser rows % rows + 1 = 1). */
  roomOf: (rows: number) => `c${rows.toString(16).padStart(23, '0')}`,
};

export const fillScale = async (dataSource: DataSource, businessId: string, adminId: string, rows: number) => {
  const now = `(extract(epoch from now()) * 1000)`;
  const room = scaleIds.roomOf(rows);
  const common = `"businessId", "organizationIds", "sharedWithOrganizations", "createdAt", "updatedAt"`;
  const statements = [
    `INSERT INTO endusers (_id, ${common}, fname, lname, email, phone, tags, "assignedTo", "lastActive", gender, fields)
     SELECT ${id('e', 'i')}, $1, CASE WHEN i = 1 THEN '[]'::jsonb ELSE ${organizationOf('i')} END, '[]', now(), now(),
       'First' || (i % 997), 'Last' || substr(md5(i::text), 1, 8), 'patient' || i || '@example.com', '+1415' || lpad(i::text, 7, '0'),
       jsonb_build_array('tag' || (i % 40)) || CASE WHEN i % 3 = 0 THEN jsonb_build_array('tag' || (i % 7 + 40)) ELSE '[]'::jsonb END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_array($2::text) ELSE jsonb_build_array(${staffOf('i')}) END,
       CASE WHEN i % 10 = 0 THEN NULL ELSE now() - (i % 50000) * interval '1 minute' END,
       (ARRAY['Female', 'Male', 'Other', 'Unknown'])[1 + i % 4], jsonb_build_object('plan', 'p' || (i % 5))
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO chat_rooms (_id, ${common}, type, title, "enduserIds", "userIds", "recentMessageSentAt", "infoForUser")
     SELECT ${id('c', 'i')}, $1, ${organizationOf('i')}, '[]', now(), now(), 'external', 'Room ' || i,
       jsonb_build_array(${enduserOf('i')}), CASE WHEN i % 5 = 0 THEN jsonb_build_array($2::text) ELSE jsonb_build_array(${staffOf('i')}) END,
       ${now} - i * 60000.0, '{}'::jsonb
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO chats (_id, ${common}, "roomId", "senderId", message, timestamp)
     SELECT ${id('b', 'i')}, $1, '[]', '[]', now(), now(),
       CASE WHEN i <= 2000 THEN '${room}' ELSE ${id('c', 'i % $3 + 1')} END, ${enduserOf('i')}, 'Message ' || i, now() - i * interval '1 minute'
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO sms_messages (_id, ${common}, "enduserId", message, inbound, "phoneNumber", timestamp)
     SELECT ${id('d', 'i')}, $1, '[]', '[]', now(), now(), ${enduserOf('i')}, 'Text ' || i, i % 2 = 0, '+1415' || lpad((i % $3 + 1)::text, 7, '0'), now() - i * interval '1 minute'
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO emails (_id, ${common}, "enduserId", subject, "textContent", inbound, "messageId", timestamp)
     SELECT ${id('f', 'i')}, $1, '[]', '[]', now(), now(), ${enduserOf('i')}, 'Subject ' || i, 'Body ' || i, i % 2 = 0, '<m' || i || '@example.com>', now() - i * interval '1 minute'
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO calendar_events (_id, ${common}, title, "startTimeInMS", "durationInMinutes", attendees)
     SELECT ${id('a', 'i')}, $1, ${organizationOf('i')}, '[]', now(), now(), 'Visit ' || i, ${now} + (i - $3 / 2) * 600000.0, 30,
       jsonb_build_array(jsonb_build_object('type', 'user', 'id', ${staffOf('i')}),
                         jsonb_build_object('type', 'enduser', 'id', CASE WHEN i <= 500 THEN '${scaleIds.patientId}' ELSE ${enduserOf('i')} END))
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO automated_actions (_id, ${common}, "automationStepId", "enduserId", "journeyId", status, "processAfter", event, action)
     SELECT ${id('9', 'i')}, $1, '[]', '[]', now(), now(), ${id('3', 'i % 50')}, ${enduserOf('i')}, ${id('2', 'i % 10')},
       CASE WHEN i % 5 = 0 THEN 'active' ELSE 'finished' END, ${now} + (i - $3 / 2) * 60000.0,
       '{"type": "onJourneyStart", "info": {}}'::jsonb, '{"type": "sendEmail", "info": {}}'::jsonb
     FROM generate_series(1, $3) AS i`,
    `INSERT INTO form_responses (_id, ${common}, "formId", "enduserId", "formTitle", "submittedAt")
     SELECT ${id('8', 'i')}, $1, '[]', '[]', now(), now(), ${id('7', 'i % 30')}, ${enduserOf('i')}, 'Intake',
       CASE WHEN i % 3 = 0 THEN NULL ELSE now() - i * interval '1 minute' END
     FROM generate_series(1, $3) AS i`,
  ];
  // The values are ours (ids checked as hex, a whole number), written in as literals: not every statement uses every one.
  if (![businessId, adminId].every((value) => /^[0-9a-f]{24}$/.test(value)) || !Number.isInteger(rows)) throw new Error('fillScale takes ids and a whole number');
  const literals: Record<string, string> = { $1: `'${businessId}'`, $2: `'${adminId}'`, $3: String(rows) };
  for (const sql of statements) await dataSource.query(sql.replace(/\$[123]\b/g, (name) => literals[name]!));
  for (const table of SCALE_TABLES) await dataSource.query(`ANALYZE "${table}"`);
};
