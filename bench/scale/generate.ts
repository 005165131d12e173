import type { DataSource } from 'typeorm';

/**
 * The scale bench's data set, written by PostgreSQL itself (INSERT ... SELECT over generate_series:
 * no row crosses the wire, which on this machine is the fastest way to write millions of rows;
 * pg-copy-streams is not installed). Every row is a function of its patient's index i, so the set
 * grows in steps: patients (from, to] are added with their rooms, chats, appointments, forms,
 * automated actions and tasks, in the proportions of issue 37 (per 1,000,000 patients: 200,000 chat
 * rooms with 3,000,000 chats, 1,000,000 appointments for 100 staff, 1,000,000 form responses,
 * 5,000,000 automated actions and 500,000 tasks).
 *
 * Ids follow db/src/ids.ts (12 hex digits of milliseconds, then 12 more), so they sort by creation
 * time as the api's keyset paging expects: a patient's milliseconds are BASE + i * 90 s, about three
 * years for a million patients, all in the past.
 */

/** What the generated rows point at: made through the api (or bootstrap) before any generation. */
export interface ScaleWorld {
  businessId: string;
  adminId: string;
  /** 20 sub-organizations (clinics); patient i belongs to clinic i % 20. */
  organizationIds: string[];
  /** 100 staff; patient i is assigned to staff i % 100, who is a member of clinic (i % 100) % 20 = i % 20. */
  staffIds: string[];
  /** Three journeys, each with steps; automated action k of a patient belongs to journey k % 3. */
  journeyIds: string[];
  stepIds: string[];
  /** Five forms; patient i answered form i % 5. */
  formIds: string[];
}

export const TAGS = ['diabetes', 'hypertension', 'asthma', 'pregnancy', 'pediatrics', 'cardiology', 'oncology', 'new-patient', 'vip', 'medicare', 'medicaid', 'self-pay', 'telehealth', 'spanish', 'follow-up', 'high-risk', 'smoker', 'weight-loss', 'sleep', 'behavioral'];
export const PLANS = ['Basic', 'Standard', 'Premium', 'Family'];
const FIRST = ['Maria', 'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Nancy', 'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Dorothy', 'Kevin', 'Carol', 'Brian', 'Amanda', 'George', 'Melissa', 'Edward', 'Deborah', 'Ronald', 'Stephanie', 'Timothy', 'Rebecca', 'Jason', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Jacob', 'Kathleen', 'Gary', 'Amy', 'Nicholas', 'Shirley', 'Eric', 'Angela', 'Jonathan', 'Helen', 'Stephen', 'Anna', 'Larry', 'Brenda', 'Justin', 'Pamela', 'Scott', 'Nicole', 'Brandon', 'Emma', 'Benjamin', 'Samantha', 'Samuel', 'Katherine', 'Gregory', 'Christine', 'Frank', 'Debra', 'Alexander', 'Rachel', 'Raymond', 'Catherine', 'Patrick', 'Carolyn', 'Jack', 'Janet', 'Dennis', 'Ruth', 'Jerry'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez'];

/** Milliseconds of patient 0's creation: three years and a week before the run. */
export const baseMs = (now: number) => now - (3 * 365 + 7) * 86_400_000;
const PATIENT_STEP_MS = 90_000;

const literal = (values: string[]) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * SQL helpers as functions of the scratch database (dropped with it): the id of row n of a table
 * created at `ms`, and patient i's id.
 */
const functions = (base: number) => [
  `CREATE OR REPLACE FUNCTION bench_id(ms bigint, tag text, n bigint) RETURNS varchar LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
     $$ SELECT lpad(to_hex(ms), 12, '0') || tag || lpad(to_hex(n % 16777216), 6, '0') $$`,
  `CREATE OR REPLACE FUNCTION bench_patient_ms(i bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${base}::bigint + i * ${PATIENT_STEP_MS} $$`,
  `CREATE OR REPLACE FUNCTION bench_eid(i bigint) RETURNS varchar LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT bench_id(bench_patient_ms(i), 'e00000', i) $$`,
  // A stable pseudo-random number per (i, salt) in [0, n).
  `CREATE OR REPLACE FUNCTION bench_h(i bigint, salt int, n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT abs(hashint8(i * 31 + salt)::bigint) % n $$`,
];

export const installFunctions = async (dataSource: DataSource, now: number) => {
  for (const sql of functions(baseMs(now))) await dataSource.query(sql);
};

/** One INSERT per table for patients (from, to]; `now` fixes "the present" of every time in the set. */
export const generationStatements = (world: ScaleWorld, from: number, to: number, now: number) => {
  const orgs = literal(world.organizationIds);
  const staff = literal(world.staffIds);
  const journeys = literal(world.journeyIds);
  const steps = literal(world.stepIds);
  const forms = literal(world.formIds);
  const biz = `'${world.businessId}'`;
  const range = `generate_series(${from + 1}::bigint, ${to}::bigint) AS i`;
  const org = `jsonb_build_array((${orgs})[1 + i % 20])`;
  const staffOf = `(${staff})[1 + i % 100]`;
  const nowMs = `${now}::bigint`;
  const ts = (ms: string) => `to_timestamp((${ms})::double precision / 1000)`;
  // Patient i's last message: within the last 180 days.
  const recentMs = `(${nowMs} - bench_h(i, 7, 180 * 86400) * 1000)`;
  return [
    {
      table: 'endusers',
      rows: to - from,
      sql: `INSERT INTO endusers (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", email, phone, fname, lname, "dateOfBirth",
              tags, fields, "assignedTo", journeys, "lastActive", unread, gender, timezone, "emailConsent", "phoneConsent")
            SELECT bench_eid(i), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i)')}, ${ts('bench_patient_ms(i)')},
              'patient' || i || '@example.test', '+1555' || (2000000 + i),
              (${literal(FIRST)})[1 + bench_h(i, 1, ${FIRST.length})], (${literal(LAST)})[1 + bench_h(i, 2, ${LAST.length})],
              to_char(date '1940-01-01' + bench_h(i, 3, 80 * 365)::int, 'YYYY-MM-DD'),
              CASE WHEN bench_h(i, 4, 20) = bench_h(i, 5, 20) THEN jsonb_build_array((${literal(TAGS)})[1 + bench_h(i, 4, 20)])
                   ELSE jsonb_build_array((${literal(TAGS)})[1 + bench_h(i, 4, 20)], (${literal(TAGS)})[1 + bench_h(i, 5, 20)]) END,
              jsonb_build_object('plan', (${literal(PLANS)})[1 + i % 4], 'clinic', 'Clinic ' || (1 + i % 20), 'referral', (ARRAY['Web','Physician','Friend','Insurer','Event','Other'])[1 + bench_h(i, 6, 6)]),
              jsonb_build_array(${staffOf}),
              CASE WHEN i % 10 < 6 THEN jsonb_build_object((${journeys})[1 + i % 3], (ARRAY['Enrolled','Contacted','Scheduled','Completed'])[1 + bench_h(i, 8, 4)]) END,
              ${ts(`${nowMs} - bench_h(i, 9, 365 * 1440) * 60000`)}, i % 7 = 0,
              (ARRAY['Female','Male','Other','Unknown'])[1 + bench_h(i, 10, 4)], 'America/New_York', true, true
            FROM ${range}`,
    },
    {
      // One room per five patients, with the patient's own staff member; its last message within 180 days.
      table: 'chat_rooms',
      rows: Math.floor(to / 5) - Math.floor(from / 5),
      sql: `INSERT INTO chat_rooms (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", title, type, "userIds", "enduserIds",
              "numMessages", "recentMessageSentAt", "recentMessage", "recentSender", "infoForUser")
            SELECT bench_id(bench_patient_ms(i) + 1000, 'c00000', i / 5), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i) + 1000')}, ${ts(recentMs)},
              'Care team', 'external', jsonb_build_array(${staffOf}), jsonb_build_array(bench_eid(i)),
              15, ${recentMs}, 'Thank you, see you on Tuesday', bench_eid(i),
              jsonb_build_object(${staffOf}, jsonb_build_object('unreadCount', i % 3))
            FROM ${range} WHERE i % 5 = 0`,
    },
    {
      // Fifteen chats per room, an hour apart, the patient and the staff member in turn, the last at the room's recentMessageSentAt.
      table: 'chats',
      rows: (Math.floor(to / 5) - Math.floor(from / 5)) * 15,
      sql: `INSERT INTO chats (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", "roomId", "senderId", message, "readBy", timestamp, delivered)
            SELECT bench_id(${recentMs} - (14 - k) * 3600000, 'd0000' || to_hex(k), i / 5), ${biz}, ${org}, '[]'::jsonb,
              CASE WHEN k % 2 = 0 THEN bench_eid(i) ELSE ${staffOf} END,
              ${ts(`${recentMs} - (14 - k) * 3600000`)}, ${ts(`${recentMs} - (14 - k) * 3600000`)},
              bench_id(bench_patient_ms(i) + 1000, 'c00000', i / 5),
              CASE WHEN k % 2 = 0 THEN bench_eid(i) ELSE ${staffOf} END,
              CASE WHEN k % 2 = 0 THEN 'Hello, I have a question about my appointment (' || k || ')' ELSE 'Of course, happy to help (' || k || ')' END,
              '{}'::jsonb, ${ts(`${recentMs} - (14 - k) * 3600000`)}, true
            FROM ${range} CROSS JOIN generate_series(0, 14) AS k WHERE i % 5 = 0`,
    },
    {
      // One appointment per patient with their staff member (100 staff), on a quarter hour within a year either side of now.
      table: 'calendar_events',
      rows: to - from,
      sql: `INSERT INTO calendar_events (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", title, type, "startTimeInMS", "durationInMinutes", timezone, attendees)
            SELECT bench_id(bench_patient_ms(i) + 2000, 'f00000', i), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i) + 2000')}, ${ts('bench_patient_ms(i) + 2000')},
              'Follow-up visit', 'Follow-up', ((${nowMs} - 365 * 86400000::bigint) / 900000 + bench_h(i, 11, 2 * 365 * 96)) * 900000, 30, 'America/New_York',
              jsonb_build_array(jsonb_build_object('type', 'user', 'id', ${staffOf}), jsonb_build_object('type', 'enduser', 'id', bench_eid(i)))
            FROM ${range}`,
    },
    {
      table: 'form_responses',
      rows: to - from,
      sql: `INSERT INTO form_responses (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", "formId", "enduserId", "formTitle", "submittedBy", "openedAt", "submittedAt", responses)
            SELECT bench_id(bench_patient_ms(i) + 3000, 'a00000', i), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i) + 3000')}, ${ts('bench_patient_ms(i) + 3000')},
              (${forms})[1 + i % 5], bench_eid(i), 'Intake ' || (1 + i % 5), bench_eid(i), ${ts('bench_patient_ms(i) + 60000')},
              CASE WHEN i % 10 < 7 THEN ${ts('bench_patient_ms(i) + 600000')} END,
              jsonb_build_array(jsonb_build_object('fieldTitle', 'Reason for visit', 'answer', jsonb_build_object('type', 'string', 'value', 'Annual check-up')))
            FROM ${range}`,
    },
    {
      // Five per patient: journey steps that ran (finished), and for one patient in four a step still to run (active, later).
      table: 'automated_actions',
      rows: (to - from) * 5,
      sql: `INSERT INTO automated_actions (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", "automationStepId", "enduserId", "journeyId", event, action, status, "processAfter")
            SELECT bench_id(bench_patient_ms(i) + 4000 + k, 'b0000' || to_hex(k), i), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i) + 4000 + k')}, ${ts('bench_patient_ms(i) + 4000 + k')},
              (${steps})[1 + k], bench_eid(i), (${journeys})[1 + k % 3],
              jsonb_build_object('type', 'onJourneyStart', 'info', '{}'::jsonb),
              jsonb_build_object('type', 'setEnduserStatus', 'info', jsonb_build_object('status', 'Contacted')),
              CASE WHEN k = 4 AND i % 4 = 0 THEN 'active' ELSE 'finished' END,
              CASE WHEN k = 4 AND i % 4 = 0 THEN ${nowMs} + bench_h(i, 12, 30 * 86400) * 1000 ELSE bench_patient_ms(i) + 4000 + k END
            FROM ${range} CROSS JOIN generate_series(0, 4) AS k`,
    },
    {
      table: 'tickets',
      rows: Math.floor(to / 2) - Math.floor(from / 2),
      sql: `INSERT INTO tickets (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", title, "enduserId", owner, "dueDateInMS", "closedAt", type)
            SELECT bench_id(bench_patient_ms(i) + 5000, '700000', i), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(i) + 5000')}, ${ts('bench_patient_ms(i) + 5000')},
              'Call back about results', bench_eid(i), ${staffOf}, bench_patient_ms(i) + 7 * 86400000::bigint,
              CASE WHEN i % 10 < 6 THEN ${ts('bench_patient_ms(i) + 86400000')} END, 'Follow-up'
            FROM ${range} WHERE i % 2 = 0`,
    },
  ];
};

/**
 * The portal Home's patient (issue 37: "a patient with 500 events and 2,000 chats"): patient 1 gets
 * 500 more appointments (a year either side of now) and a room of 2,000 chats with their staff member.
 */
export const showcaseStatements = (world: ScaleWorld, now: number) => {
  const biz = `'${world.businessId}'`;
  const org = `'["${world.organizationIds[1]}"]'::jsonb`;
  const staff = world.staffIds[1];
  const ts = (ms: string) => `to_timestamp((${ms})::double precision / 1000)`;
  const room = `bench_id(bench_patient_ms(1) + 1500, 'c11111', 1)`;
  return [
    `INSERT INTO calendar_events (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", title, type, "startTimeInMS", "durationInMinutes", timezone, attendees)
       SELECT bench_id(${now}::bigint - 86400000 + n, 'f11111', n), ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', now(), now(), 'Therapy session', 'Therapy',
         (${now}::bigint / 900000 - 35040 + n * 140) * 900000, 45, 'America/New_York',
         jsonb_build_array(jsonb_build_object('type', 'user', 'id', '${staff}'), jsonb_build_object('type', 'enduser', 'id', bench_eid(1)))
       FROM generate_series(1, 500) AS n`,
    `INSERT INTO chat_rooms (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", title, type, "userIds", "enduserIds", "numMessages", "recentMessageSentAt", "recentMessage", "recentSender")
       VALUES (${room}, ${biz}, ${org}, '[]'::jsonb, '${world.adminId}', ${ts('bench_patient_ms(1) + 1500')}, now(), 'Your care team', 'external', '["${staff}"]'::jsonb, jsonb_build_array(bench_eid(1)), 2000, ${now}, 'See you soon', '${staff}')`,
    `INSERT INTO chats (_id, "businessId", "organizationIds", "sharedWithOrganizations", creator, "createdAt", "updatedAt", "roomId", "senderId", message, "readBy", timestamp, delivered)
       SELECT bench_id(${now}::bigint - (2000 - n) * 600000, 'd11111', n), ${biz}, ${org}, '[]'::jsonb,
         CASE WHEN n % 2 = 0 THEN bench_eid(1) ELSE '${staff}' END, ${ts(`${now}::bigint - (2000 - n) * 600000`)}, ${ts(`${now}::bigint - (2000 - n) * 600000`)},
         ${room}, CASE WHEN n % 2 = 0 THEN bench_eid(1) ELSE '${staff}' END, 'Message ' || n || ' of our conversation', '{}'::jsonb, ${ts(`${now}::bigint - (2000 - n) * 600000`)}, true
       FROM generate_series(1, 2000) AS n`,
  ];
};

/**
 * One table's rows. When the table grows more than twice over, its secondary indexes (those the
 * migrations declare, read back from pg_indexes, constraints left alone) are dropped first and
 * rebuilt after: building an index over sorted rows once is several times cheaper than maintaining
 * it row by row. Answers how many indexes were rebuilt.
 */
export const writeRows = async (dataSource: DataSource, statement: { table: string; sql: string; rows: number }, patientsBefore: number) => {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SET maintenance_work_mem = '256MB'`);
    await runner.query('SET synchronous_commit = off');
    const [{ count }] = (await runner.query(`SELECT reltuples::bigint AS count FROM pg_class WHERE relname = $1`, [statement.table])) as { count: string }[];
    const rebuild = patientsBefore === 0 || statement.rows > 2 * Math.max(0, Number(count));
    const indexes: { name: string; definition: string }[] = rebuild
      ? await runner.query(
          `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename = $1
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
          [statement.table],
        )
      : [];
    await runner.startTransaction();
    for (const index of indexes) await runner.query(`DROP INDEX "${index.name}"`);
    await runner.query(statement.sql);
    for (const index of indexes) await runner.query(index.definition);
    await runner.commitTransaction();
    return indexes.length;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
};
