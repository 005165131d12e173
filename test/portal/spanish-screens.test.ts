import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { translatorFor } from '../../web/app/i18n/translate.server';
import { answerMessagesOf } from '../../web/app/forms/answer-messages';
import { MESSAGES } from '../../web/app/forms/answers';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
const SPANISH = { displayName: 'Español', iso6391: 'es' };

/** What the patient reads on the page (visible text, not markup). */
const pageText = (page: Page) => page.locator('body').innerText();

/** Each phrase is on the page, and none of the English ones it replaced. */
const expectSpanish = async (page: Page, spanish: string[], english: string[]) => {
  for (const phrase of spanish) await page.getByText(phrase).first().waitFor();
  const text = await pageText(page);
  for (const phrase of english) expect({ phrase, shown: text.includes(phrase) }).toEqual({ phrase, shown: false });
};

/** Both widths, for a person to look at. */
const screenshots = async (page: Page, name: string) => {
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await screenshot(page, `spanish-${name}`);
  }
};

/**
 * Issue #38: a patient whose language is Spanish reads the chat, documents, a form being filled,
 * education, community and an event in Spanish (web/app/i18n/catalogue/es/*), dates in Spanish too;
 * the clinic's own texts (titles, questions) stay as the clinic wrote them.
 */
describe('portal: screens in Spanish', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    await admin.api.portal_customizations.createOne({ page: 'Community', blocks: [] } as never);
  });

  const spanishPatient = (fname: string) =>
    admin.api.endusers.createOne({ fname, lname: 'Paciente', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`, language: SPANISH } as never);

  it('the validation messages built from the English catalogue are the rules’ own default messages (docs/contract/validation.md#form-answers)', () => {
    const english = answerMessagesOf(((key: string, options?: object) => translatorFor('en')(key as never, { ...options, ns: 'forms' } as never)) as unknown as Parameters<typeof answerMessagesOf>[0]);
    for (const [key, value] of Object.entries(MESSAGES)) {
      const built = english[key as keyof typeof MESSAGES];
      if (typeof value === 'string') expect({ key, text: built }).toEqual({ key, text: value });
      else expect({ key, text: (built as (a: never, b: never) => string)('Dose' as never, 2 as never) }).toEqual({ key, text: (value as (a: never, b: never) => string)('Dose' as never, 2 as never) });
    }
  });

  it('a chat, the documents, a form with a validation error, an article, the community and an event', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await spanishPatient('Sofia');

    // A conversation with the care team.
    const room = await admin.api.chat_rooms.createOne({ title: 'Preguntas sobre mi cita', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' });
    await admin.api.chats.createOne({ roomId: room.id, message: 'Hola Sofia, ¿cómo se siente hoy?' });
    await signInAs(harness, admin, enduser.id, `/communications/${room.id}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await expectSpanish(page, ['Sus conversaciones', 'Adjuntar una imagen o un video', 'Enviar'], ['Your Conversations', 'Attach an image or video', 'Send', 'Message']);
    await page.getByRole('textbox', { name: 'Mensaje' }).waitFor();
    await screenshots(page, 'chat');

    // Documents, with the Add File dialog and its picker.
    const form = await admin.api.forms.createOne({ title: 'Historia clínica' });
    const insurance = await admin.api.form_fields.createOne({ formId: form.id, title: 'Tarjeta del seguro', type: 'file', previousFields: [{ type: 'root', info: {} }] } as never);
    await admin.api.form_fields.createOne({ formId: form.id, title: 'Alergias', type: 'string', previousFields: [{ type: 'after', info: { fieldId: insurance.id } }] } as never);
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    await page.goto(`${portal.url}/documents?upload=1`);
    await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
    await expectSpanish(
      page,
      ['Formularios pendientes', 'Sus formularios enviados', 'Archivos compartidos', 'Elegir un archivo', 'Ningún archivo seleccionado', 'Todavía no hay archivos.'],
      ['Outstanding Forms', 'Your Submitted Forms', 'Shared Files', 'Add File', 'No files yet.', 'Choose File', 'No file chosen', 'Upload'],
    );
    await screenshots(page, 'documents');

    // The form: Next with no file shows the rule's message in Spanish, from the page's own check ...
    await page.goto(`${portal.url}/documents/forms/${accessCode}`);
    await page.getByText('Pregunta 1 de 2').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('alert').filter({ hasText: 'Se requiere un archivo' }).waitFor();
    await expectSpanish(page, ['Tarjeta del seguro', 'Volver a Documentos', 'Elegir un archivo'], ['A file is required', 'Question 1 of', 'Next', 'Back to Documents', 'Choose File', 'No file chosen']);
    await screenshots(page, 'form-error');

    // ... and from the server's, for a page whose scripts do not run.
    const browser = page.context().browser()!;
    const scriptless = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const plain = await scriptless.newPage();
      await plain.goto(`${portal.url}/documents/forms/${accessCode}`);
      await plain.getByRole('button', { name: 'Siguiente' }).click();
      await plain.getByText('Se requiere un archivo').waitFor();
      expect(await pageText(plain)).not.toContain('A file is required');
    } finally {
      await scriptless.close();
    }

    // A form link past its expiry returns to Documents saying so in Spanish (the api's own text translated).
    const expired = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id, expireAt: new Date(Date.now() - 60_000).toISOString() } as never);
    await page.goto(`${portal.url}/documents/forms/${expired.accessCode}`);
    await page.getByText('El enlace de este formulario ha caducado').waitFor();
    await expectSpanish(page, ['Formularios pendientes'], ['This form link has expired']);
    // Documents marks that form's link as expired where it lists it.
    await page.getByRole('region', { name: 'Formularios pendientes' }).getByText('Este enlace ha caducado. Pida uno nuevo a su equipo de atención.').waitFor();
    await screenshots(page, 'form-link-expired');

    // An article in the library.
    const article = await admin.api.managed_content_records.createOne({ title: 'Cómo prepararse para su visita', textContent: 'Traiga su lista de medicamentos.', htmlContent: '<p>Traiga su lista de medicamentos.</p>', assignmentType: 'All' } as never);
    await page.goto(`${portal.url}/content`);
    await expectSpanish(page, ['Biblioteca educativa de Sofia', 'Otro contenido'], ["Sofia's Education Library", 'Other Content']);
    await page.getByRole('searchbox', { name: 'Buscar contenido' }).waitFor();
    await page.goto(`${portal.url}/content/${article.id}`);
    await page.getByRole('heading', { name: 'Cómo prepararse para su visita' }).waitFor();
    await expectSpanish(page, ['Educación', 'Traiga su lista de medicamentos.'], ['← Education', 'This content has been deleted.']);
    await screenshots(page, 'content');

    // The community: two forums, then one with a post.
    const forum = await admin.api.forums.createOne({ title: 'Recuperación de rodilla', publicRead: true } as never);
    await admin.api.forums.createOne({ title: 'Nutrición', publicRead: true } as never);
    await admin.api.forum_posts.createOne({ forumId: forum.id, title: 'Bienvenidos', textContent: 'Pregunten lo que quieran.' } as never);
    await page.goto(`${portal.url}/community`);
    await page.getByRole('heading', { name: 'Foros', level: 1 }).waitFor();
    expect(await pageText(page)).not.toContain('Forums');
    await page.goto(`${portal.url}/community?forumId=${forum.id}`);
    await expectSpanish(page, ['Agregar publicación', '0 me gusta · 0 comentarios'], ['Add Post', 'likes', 'comments']);
    await screenshots(page, 'community');

    // An event on the patient's clock, with a task.
    const task = await admin.api.enduser_tasks.createOne({ title: 'Traiga su tarjeta del seguro', enduserId: enduser.id });
    const start = Date.UTC(new Date().getUTCFullYear() + 1, 2, 15, 17, 0);
    const visit = await admin.api.calendar_events.createOne({
      title: 'Consulta de control',
      startTimeInMS: start,
      durationInMinutes: 30,
      attendees: [{ type: 'enduser', id: enduser.id }],
      enduserTasks: [{ id: task.id, enduserId: enduser.id }],
    } as never);
    await page.goto(`${portal.url}/events/${visit.id}`);
    await page.getByRole('heading', { name: 'Consulta de control', level: 1 }).waitFor();
    await expectSpanish(page, ['marzo', '(30 minutos)', 'Tareas', 'Marcar como completada', 'Cancelar evento'], ['March', 'minutes', 'Tasks', 'Mark complete', 'Cancel Event']);
    await screenshots(page, 'event');
    // The care team removes the task while the page is open: the api's refusal reads in plain Spanish.
    await admin.api.enduser_tasks.deleteOne(task.id);
    await page.getByRole('button', { name: 'Marcar como completada' }).click();
    await page.getByRole('alert').getByText('Esto ya no está disponible. Puede que se haya eliminado.').waitFor();
    expect(await pageText(page)).not.toContain('Could not find');
    await page.getByRole('link', { name: 'Cancelar evento' }).click();
    await page.getByText('¿Está seguro de que desea cancelar este evento?').waitFor();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByRole('heading', { name: 'Consulta de control (Cancelado)', level: 1 }).waitFor();
    expect(await pageText(page)).not.toContain('(Cancelled)');
  }, 240_000);
});
