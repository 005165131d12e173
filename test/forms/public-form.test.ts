import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;

describe('public form sessions', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  let publicFormId: string;
  let fieldId: string;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
    const form = await staff.api.forms.createOne({ title: 'Public intake', allowPublicURL: true } as never);
    publicFormId = form.id;
    const field = await staff.api.form_fields.createOne({ formId: form.id, title: 'Reason for visit', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
    fieldId = field.id;
  });
  afterAll(() => api.stop());

  const openPublicForm = (details: Record<string, unknown>) =>
    new EnduserSession({ host: api.host, businessId: tenant.businessId }).api.form_responses.session_for_public_form({
      formId: publicFormId,
      businessId: tenant.businessId,
      ...details,
    } as never);

  test('a visitor gets a session for this one form, fills it and submits it', async () => {
    const session = await openPublicForm({ email: 'visitor@example.com', fname: 'vera' });
    expect(session).toMatchObject({ accessCode: expect.any(String), authToken: expect.any(String), path: `/documents/forms/${session.accessCode}`, enduserId: expect.any(String) });
    const visitor = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: session.authToken });
    const info = await visitor.api.form_responses.info_for_access_code({ accessCode: session.accessCode });
    expect(info.form).toMatchObject({ id: publicFormId });
    const { formResponse } = await visitor.api.form_responses.submit_form_response({
      accessCode: session.accessCode,
      responses: [{ fieldId, fieldTitle: 'Reason for visit', answer: { type: 'string', value: 'Checkup' } }],
    } as never);
    expect(formResponse).toMatchObject({ submittedAt: expect.any(String), publicSubmit: true });
    await expect(staff.api.endusers.getOne(session.enduserId)).resolves.toMatchObject({ email: 'visitor@example.com', fname: 'Vera' });
  });

  test("a session started with an existing patient's email finds that patient but opens none of their records", async () => {
    const patient = await staff.api.endusers.createOne({ email: 'known.patient@example.com', fname: 'Known' });
    const privateResponse = await staff.api.form_responses.prepare_form_response({ formId: publicFormId, enduserId: patient.id } as never);
    const session = await openPublicForm({ email: 'Known.Patient@example.com' });
    expect(session.enduserId).toBe(patient.id);
    const visitor = new EnduserSession({ host: api.host, businessId: tenant.businessId, authToken: session.authToken });
    // Outside the form calls the token is no credential at all (api/src/auth/token-kinds.ts).
    await expect(visitor.api.endusers.getOne(patient.id)).rejects.toBe('Unauthenticated');
    await expect(visitor.api.form_responses.getSome()).rejects.toBe('Unauthenticated');
    await expect(visitor.api.form_responses.info_for_access_code({ accessCode: privateResponse.accessCode })).rejects.toMatchObject({
      message: 'You do not have access to this resource',
    });
  });

  test('a form without a public link is refused', async () => {
    const privateForm = await staff.api.forms.createOne({ title: 'Staff only' });
    await expect(
      new EnduserSession({ host: api.host, businessId: tenant.businessId }).api.form_responses.session_for_public_form({
        formId: privateForm.id,
        businessId: tenant.businessId,
        email: 'someone@example.com',
      } as never),
    ).rejects.toMatchObject({ message: 'This form is not available through a public link' });
  });
});
