import type { Session } from '@tellescope/sdk';
import { startAutomations, waitFor, type Automations } from '../automations/support';
import { book, bookingFixture, MINUTE } from '../calendar/support';
import { STRONG_PASSWORD, mailbox, uniqueEmail, uniquePhone } from './support';

/**
 * The fixed words of patients' emails and texts follow the patient's language (issue #38): their own
 * `language.iso6391`, else their organization's defaultLanguage, else English. Through the real api,
 * the real worker on Temporal, a real SMTP server and the embedded SMS channel (the dev mailbox).
 */
describe("patients' emails and texts in their language", () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations({ apiMailBySmtp: true });
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const SPANISH = { displayName: 'Español', iso6391: 'es' };
  const ZONE = 'America/Chicago';

  const post = async (path: string, body: Record<string, unknown>, token = '') => {
    const response = await fetch(`${automations.api.host}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  /** A patient with an email, a phone and a password, made by the clinic's Admin. */
  const patient = async (sdk: Session, fields: Record<string, unknown> = {}) => {
    const enduser = await sdk.api.endusers.createOne({ fname: 'Rosa', email: uniqueEmail('idioma'), phone: uniquePhone(), timezone: ZONE, ...fields } as never);
    await sdk.api.endusers.set_password({ id: enduser.id, password: STRONG_PASSWORD });
    return { ...enduser, email: enduser.email!, phone: enduser.phone! };
  };

  /** An appointment a few seconds ahead with an email and a text reminder, both due 3 s before it starts. */
  const remindedAppointment = async (sdk: Session, enduserId: string) => {
    const start = Date.now() + 7_000;
    await sdk.api.calendar_events.createOne({
      title: 'Consulta',
      startTimeInMS: start,
      durationInMinutes: 15,
      attendees: [{ type: 'enduser', id: enduserId }],
      reminders: [
        { type: 'enduser-notification', msBeforeStartTime: 3_000, info: { channel: 'Email' } },
        { type: 'enduser-notification', msBeforeStartTime: 3_000, info: { channel: 'SMS' } },
      ],
    } as never);
    return start;
  };

  const textsTo = (sdk: Session, phone: string) =>
    waitFor(() => mailbox(automations.api.host, phone, sdk), (texts) => texts.length > 0, `a text to ${phone}`, 30_000);

  /** The patient signs in with their password and asks for the emailed code: the code's email (the `index`-th they receive). */
  const signInCodeMail = async (tenantId: string, email: string, index: number) => {
    const login = await post('/v1/login-enduser', { businessId: tenantId, email, password: STRONG_PASSWORD });
    expect(login.body.enduser).toMatchObject({ requiresMFA: true });
    expect(await post('/v1/endusers/generate-mfa-challenge', {}, login.body.authToken)).toMatchObject({ status: 200, body: { channel: 'email' } });
    return { mail: await automations.smtp.waitFor(email, { index, timeoutMs: 20_000 }), pending: login.body.authToken as string };
  };

  /** The parts of a spoken date only a Spanish (es-US) one has: the weekday and month names, and the time with "p.m." or "a.m.". */
  const spanishDateParts = (at: number) => {
    const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es-US', { timeZone: ZONE, ...options }).format(new Date(at));
    return [part({ weekday: 'long' }), `de ${part({ month: 'long' })} de`, part({ hour: 'numeric', minute: '2-digit' })];
  };

  test('a Spanish-speaking patient gets the reminder email and text, the unsubscribe line and the sign-in code in Spanish, dates in es-US on their clock', async () => {
    const { sdk, tenant } = await automations.session();
    const rosa = await patient(sdk, { language: SPANISH, mfa: { email: true } });

    const start = await remindedAppointment(sdk, rosa.id);
    const reminder = await automations.smtp.waitFor(rosa.email, { timeoutMs: 25_000 });
    expect(reminder.subject).toBe('Recordatorio: Consulta');
    expect(reminder.text).toContain('Le recordamos su cita Consulta el ');
    for (const part of spanishDateParts(start)) expect(reminder.text).toContain(part);
    expect(reminder.text).toMatch(/[ap]\.\s?m\./);
    expect(reminder.text).toMatch(/C[SD]T/);
    expect(reminder.text).not.toMatch(/reminder|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    // The unsubscribe line, in text and HTML, still with its working link.
    expect(reminder.text).toMatch(/Para dejar de recibir estos correos, cancele su suscripción: http:\/\/\S+\/unsubscribe\?enduserId=/);
    expect(reminder.html).toContain('cancele su suscripción</a>');
    expect(reminder.text).not.toContain('To stop receiving these emails');

    const [text] = await textsTo(sdk, rosa.phone);
    expect(text.text).toContain('Le recordamos su cita Consulta el ');
    for (const part of spanishDateParts(start)) expect(text.text).toContain(part);

    const { mail, pending } = await signInCodeMail(tenant.businessId, rosa.email, 1);
    expect(mail.subject).toBe('Su código para iniciar sesión');
    const code = mail.text.match(/Su código para iniciar sesión es (\d{6})\. Funciona durante 10 minutos\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`Su código para iniciar sesión es <strong>${code}</strong>.`);
    // The Spanish code is the real one.
    expect(await post('/v1/endusers/submit-mfa-challenge', { code }, pending)).toMatchObject({ status: 200, body: { enduser: { id: rosa.id } } });
  });

  test("a patient who chose no language, in an organization whose default is Spanish, reads Spanish; one who chose English reads English there", async () => {
    const { sdk, tenant } = await automations.session();
    await sdk.api.organizations.updateOne(tenant.businessId, { defaultLanguage: 'es' } as never);
    const ana = await patient(sdk, { mfa: { email: true } });
    const john = await patient(sdk, { fname: 'John', language: { displayName: 'English', iso6391: 'en' } });

    await sdk.api.emails.createOne({ enduserId: ana.id, subject: 'Resultados', textContent: 'Sus resultados están listos.' });
    const written = await automations.smtp.waitFor(ana.email, { timeoutMs: 20_000 });
    // The clinic's own words as written; only the fixed line is ours.
    expect(written.text).toMatch(/^Sus resultados están listos\.\n\n--\nPara dejar de recibir estos correos, cancele su suscripción: /);

    const start = await remindedAppointment(sdk, ana.id);
    const reminder = await automations.smtp.waitFor(ana.email, { index: 1, timeoutMs: 25_000 });
    expect(reminder.subject).toBe('Recordatorio: Consulta');
    for (const part of spanishDateParts(start)) expect(reminder.text).toContain(part);
    const [text] = await textsTo(sdk, ana.phone);
    expect(text.text).toContain('Le recordamos su cita Consulta el ');

    const { mail } = await signInCodeMail(tenant.businessId, ana.email, 2);
    expect(mail.subject).toBe('Su código para iniciar sesión');

    await sdk.api.emails.createOne({ enduserId: john.id, subject: 'Results', textContent: 'Your results are ready.' });
    expect((await automations.smtp.waitFor(john.email, { timeoutMs: 20_000 })).text).toMatch(/\n--\nTo stop receiving these emails, unsubscribe: http/);
  });

  test("an English patient's reminder, text, unsubscribe line and sign-in code read as before", async () => {
    const { sdk, tenant } = await automations.session();
    const sam = await patient(sdk, { fname: 'Sam', mfa: { email: true } });

    const start = await remindedAppointment(sdk, sam.id);
    const reminder = await automations.smtp.waitFor(sam.email, { timeoutMs: 25_000 });
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(start));
    expect(reminder.subject).toBe('Reminder: Consulta');
    expect(reminder.text).toContain(`This is a reminder of Consulta on ${clock}.`);
    expect(reminder.text).toMatch(/\n--\nTo stop receiving these emails, unsubscribe: http:\/\/\S+\/unsubscribe\?enduserId=/);
    expect(reminder.html).toContain('To stop receiving these emails, <a href=');
    const [text] = await textsTo(sdk, sam.phone);
    expect(text.text).toBe(`This is a reminder of Consulta on ${clock}.`);

    const { mail } = await signInCodeMail(tenant.businessId, sam.email, 1);
    expect(mail.subject).toBe('Your sign-in code');
    expect(mail.text).toMatch(/^Your sign-in code is \d{6}\. It works for 10 minutes\. If you did not try to sign in, change your password\./);
  });

  test("a Spanish-speaking patient's booking confirmation, by email and text, and the confirmation link's page data are in Spanish", async () => {
    const { admin, staff, template, page, terms, patient: booker, monday } = await bookingFixture(automations.api);
    const phone = uniquePhone();
    await admin.api.endusers.updateOne(booker.enduser.id, { language: SPANISH, phone } as never);
    const start = monday + 9 * 60 * MINUTE;
    const answer = (await book(booker.session, { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms, startTime: new Date(start), timezone: ZONE })) as any;

    const mail = await automations.smtp.waitFor(booker.email, { timeoutMs: 20_000 });
    expect(mail.subject).toBe('Su cita está confirmada: Consultation');
    expect(mail.text).toMatch(/^Su cita Consultation está confirmada para el lunes, /);
    for (const part of spanishDateParts(start)) expect(mail.text).toContain(part);
    expect(mail.text).toMatch(/\nAgregar al calendario: http\S+\nReprogramar: http\S+\nCancelar la cita: http\S+\nAbrir su portal de paciente: http/);
    expect(mail.html).toContain('Los enlaces para cancelar y reprogramar funcionan hasta que empiece la cita.');
    const [text] = await textsTo(admin, phone);
    expect(text.text).toMatch(/^Su cita Consultation está confirmada para el lunes, /);

    const link = new URL(answer.confirmation.cancelLink).searchParams.get('link')!;
    const shown = (await (await fetch(`${automations.api.host}/v1/appointment-by-link?${new URLSearchParams({ token: link, purpose: 'cancel' })}`)).json()) as { appointment: { when: string; language: string } };
    expect(shown.appointment.language).toBe('es');
    expect(shown.appointment.when).toMatch(/^lunes, /);
  });
});
