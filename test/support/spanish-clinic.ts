import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { LANGUAGE_NAMES } from '@carelane/automation';
import { newId } from '@carelane/db';
import { waitlistTokenHash, WAITLIST_HOLDS } from '@carelane/db/internal/waitlist-holds';
import { FIXED_TIME_ZONES } from '../../web/app/booking/time';
import { callWith } from '../identity/support';
import type { PortalHarness } from './portal-harness';
import { enduserToken } from './portal-pages';

/**
 * The Spanish walk's clinic (test/portal/spanish-walk.test.ts): a patient whose language is Spanish
 * with something on every screen of the portal, and the links a patient opens from a message.
 */

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: 0, endTimeInMinutes: 1440, active: true }));
const SPANISH = { displayName: 'Español', iso6391: 'es' };
const HOUR = 3_600_000;

/**
 * The clinic's own data, in Spanish or neutral words (names, places): not the portal's texts, so
 * never translated (docs/decisions.md, "Languages"). The admin's and patients' emails are added by seedSpanishClinic.
 */
export const SEEDED = [
  'Clínica Sol',
  'Dana Reyes',
  'Dana',
  'Reyes',
  'Lucía Fernández',
  'Lucía',
  'Fernández',
  'Marta Gómez',
  'Consulta sobre mi tratamiento',
  'Hola, ¿cómo se siente hoy?',
  'Resultados.txt',
  'Cuestionario de salud',
  '¿Cómo se siente?',
  'Alergias',
  'Látex',
  'Maní',
  'Seguimiento',
  'Bien, gracias',
  'Dormir bien',
  'Descanse ocho horas.',
  'Salud',
  'Recuperación',
  'Bienvenidos',
  'Hola a todos',
  'Plan de rodilla',
  'Revisión semanal',
  'Consulta general',
  'Traiga su tarjeta',
  'Consultorio 2',
  'Visita anterior',
  'Videoconsulta',
  'Reserve su visita',
  'Consulta',
  'Control',
  'Consultorio central',
  'Calle Mayor 1',
  'Sevilla',
  'Condiciones',
  'Formulario abierto',
  // The time zones the widget offers are places (IANA names), not texts.
  ...FIXED_TIME_ZONES.map((zone) => zone.replace(/_/g, ' ')),
  'UTC',
  // Each language is named in its own language in the chooser.
  ...Object.values(LANGUAGE_NAMES),
];

/** Seeds the clinic through the api; answers the records the walk opens and every seeded word (SEEDED, emails). */
export const seedSpanishClinic = async (harness: PortalHarness, admin: Session) => {
  const seeded = [...SEEDED];
  const dataSource = harness.api.dataSource;
  await dataSource.getRepository('organizations').update({ _id: harness.tenant.businessId }, { name: 'Clínica Sol' });
  seeded.push(harness.tenant.adminEmail);
  await admin.api.users.updateOne(admin.userInfo.id, { fname: 'Dana', lname: 'Reyes', timezone: 'UTC', weeklyAvailabilities: ALL_DAY } as never);
  const suffix = randomBytes(4).toString('hex');
  const email = `lucia-${suffix}@example.com`;
  seeded.push(email);
  const patient = await admin.api.endusers.createOne({ fname: 'Lucía', lname: 'Fernández', email, timezone: 'America/New_York', language: SPANISH } as never);
  const nameless = await admin.api.endusers.createOne({ email: `sin-nombre-${suffix}@example.com`, language: SPANISH } as never);
  seeded.push(`sin-nombre-${suffix}@example.com`);
  const coded = { email: `codigo-${suffix}@example.com`, password: 'Clave-segura-1' };
  seeded.push(coded.email);
  const codedPatient = await admin.api.endusers.createOne({ fname: 'Marta', lname: 'Gómez', email: coded.email, mfa: { email: true }, language: SPANISH } as never);
  await admin.api.endusers.set_password({ id: codedPatient.id, password: coded.password });

  // A conversation.
  const room = await admin.api.chat_rooms.createOne({ title: 'Consulta sobre mi tratamiento', enduserIds: [patient.id], userIds: [admin.userInfo.id], type: 'external' });
  await admin.api.chats.createOne({ roomId: room.id, message: 'Hola, ¿cómo se siente hoy?' });
  // A shared file.
  const bytes = Buffer.from('Todo normal');
  const { presignedUpload, file } = (await admin.api.files.prepare_file_upload({ name: 'Resultados.txt', size: bytes.length, type: 'text/plain', enduserId: patient.id } as never)) as unknown as {
    presignedUpload: { url: string; fields: Record<string, string> };
    file: { id: string };
  };
  const upload = new FormData();
  for (const [key, value] of Object.entries(presignedUpload.fields)) upload.append(key, value);
  upload.append('file', new Blob([bytes]), 'Resultados.txt');
  expect((await fetch(presignedUpload.url, { method: 'POST', body: upload })).ok).toBe(true);
  await admin.api.files.updateOne(file.id, { pushedToClientPortal: true });
  // A form to fill (two questions) and a submitted one.
  const form = await admin.api.forms.createOne({ title: 'Cuestionario de salud' });
  const first = await admin.api.form_fields.createOne({ formId: form.id, title: '¿Cómo se siente?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
  await admin.api.form_fields.createOne({ formId: form.id, title: 'Alergias', type: 'multiple_choice', options: { choices: ['Látex', 'Maní'], radio: true }, previousFields: [{ type: 'after', info: { fieldId: first.id } }] } as never);
  const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: patient.id });
  const followUp = await admin.api.forms.createOne({ title: 'Seguimiento' });
  const question = await admin.api.form_fields.createOne({ formId: followUp.id, title: '¿Cómo se siente?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
  const prepared = await admin.api.form_responses.prepare_form_response({ formId: followUp.id, enduserId: patient.id });
  await admin.api.form_responses.submit_form_response({
    accessCode: prepared.accessCode,
    responses: [{ fieldId: question.id, fieldTitle: '¿Cómo se siente?', answer: { type: 'string', value: 'Bien, gracias' } }],
  } as never);
  const [submitted] = await admin.api.form_responses.getSome({ filter: { accessCode: prepared.accessCode } });
  const publicForm = await admin.api.forms.createOne({ title: 'Formulario abierto', allowPublicURL: true } as never);
  await admin.api.form_fields.createOne({ formId: publicForm.id, title: '¿Cómo se siente?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
  // Content, a forum post, a care plan.
  const content = await admin.api.managed_content_records.createOne({ title: 'Dormir bien', textContent: 'Descanse ocho horas.', htmlContent: '', category: 'Salud', assignmentType: 'All' } as never);
  await admin.api.portal_customizations.createOne({ page: 'Community', blocks: [] } as never);
  const forum = await admin.api.forums.createOne({ title: 'Recuperación', publicRead: true } as never);
  await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Bienvenidos', textContent: 'Hola a todos' } as never);
  const plan = await admin.api.care_plans.createOne({ title: 'Plan de rodilla', enduserId: patient.id });
  const attending = (enduserId: string) => [{ type: 'enduser', id: enduserId }];
  await admin.api.calendar_events.createOne({ title: 'Revisión semanal', startTimeInMS: Date.now() + 72 * HOUR, durationInMinutes: 15, attendees: attending(patient.id), carePlanId: plan.id } as never);
  // An upcoming, a past and a video visit.
  const upcoming = await admin.api.calendar_events.createOne({
    title: 'Consulta general',
    description: 'Traiga su tarjeta',
    location: 'Consultorio 2',
    startTimeInMS: Date.now() + 26 * HOUR,
    durationInMinutes: 30,
    attendees: attending(patient.id),
  } as never);
  const past = await admin.api.calendar_events.createOne({ title: 'Visita anterior', startTimeInMS: Date.now() - 48 * HOUR, durationInMinutes: 30, attendees: attending(patient.id) } as never);
  const video = await admin.api.calendar_events.createOne({
    title: 'Videoconsulta',
    startTimeInMS: Date.now() + 2 * HOUR,
    durationInMinutes: 30,
    enableVideoCall: true,
    attendees: [{ type: 'user', id: admin.userInfo.id }, ...attending(patient.id)],
  } as never);
  // A booking page with two types (so the widget asks which), a place and a term.
  const consulta = await admin.api.calendar_event_templates.createOne({ title: 'Consulta', durationInMinutes: 30, enableSelfScheduling: true } as never);
  const control = await admin.api.calendar_event_templates.createOne({ title: 'Control', durationInMinutes: 15, enableSelfScheduling: true } as never);
  const location = await admin.api.appointment_locations.createOne({ title: 'Consultorio central', address: 'Calle Mayor 1', city: 'Sevilla' } as never);
  const bookingPage = await admin.api.appointment_booking_pages.createOne({
    title: 'Reserve su visita',
    calendarEventTemplateIds: [consulta.id, control.id],
    locationIds: [location.id],
    terms: [{ title: 'Condiciones', link: 'https://example.com/condiciones' }],
  } as never);
  // A booked appointment, for its cancel and reschedule links (the confirmation's own links).
  const start = Math.ceil((Date.now() + 5 * 24 * HOUR) / HOUR) * HOUR;
  const booked = await callWith(harness.api.host, `Bearer ${await enduserToken(admin, patient.id)}`, '/v1/book-appointment', {
    method: 'POST',
    body: JSON.stringify({
      calendarEventTemplateId: consulta.id,
      startTime: new Date(start).toISOString(),
      userId: admin.userInfo.id,
      locationId: location.id,
      bookingPageId: bookingPage.id,
      agreedToTerms: [{ title: 'Condiciones', link: 'https://example.com/condiciones' }],
    }),
  });
  expect(booked.status).toBe(200);
  const confirmation = (booked.body as { confirmation: { cancelLink: string; rescheduleLink: string } }).confirmation;
  const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;
  // A waitlist offer held for the patient (as test/portal/booking-waitlist.test.ts makes one).
  const entry = await callWith(harness.api.host, `Bearer ${admin.authToken}`, '/v1/waitlist-request', {
    method: 'POST',
    body: JSON.stringify({ enduserId: patient.id, calendarEventTemplateId: consulta.id, fromTimeInMS: Date.now(), toTimeInMS: Date.now() + 10 * 24 * HOUR }),
  });
  expect(entry.status).toBe(200);
  const offerToken = randomBytes(32).toString('base64url');
  await dataSource.query(
    `INSERT INTO ${WAITLIST_HOLDS} ("_id", "businessId", "organizationIds", "waitlistRequestId", "enduserId", "userId", "calendarEventTemplateId", "startTimeInMS", "durationInMinutes", "freedEventId", "tokenHash", status, "expiresAt")
     VALUES ($1, $2, '[]', $3, $4, $5, $6, $7, 30, $8, $9, 'held', now() + interval '15 minutes')`,
    [newId(), harness.tenant.businessId, (entry.body as { id: string }).id, patient.id, admin.userInfo.id, consulta.id, start + 24 * HOUR, newId(), waitlistTokenHash(offerToken)],
  );

  return {
    patient: patient.id,
    nameless: nameless.id,
    coded,
    room: room.id,
    accessCode,
    submitted: submitted.id,
    content: content.id,
    upcoming: upcoming.id,
    past: past.id,
    video: video.id,
    bookingPage: bookingPage.id,
    publicForm: publicForm.id,
    cancelPath: pathOf(confirmation.cancelLink),
    reschedulePath: pathOf(confirmation.rescheduleLink),
    offerToken,
    seeded,
  };
};

export type SpanishClinic = Awaited<ReturnType<typeof seedSpanishClinic>>;
