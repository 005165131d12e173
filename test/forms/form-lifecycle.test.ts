import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;

/** One question of every field type, with one valid answer each. */
const QUESTIONS = [
  { type: 'email', title: 'Email', answer: 'Pat@Example.com' },
  { type: 'file', title: 'Insurance card', answer: { name: 'card.png', secureName: 'abc123' } },
  { type: 'multiple_choice', title: 'Mood', options: { choices: ['Great', 'Okay'], radio: true }, answer: ['Great'] },
  { type: 'number', title: 'Age', answer: 0 },
  { type: 'phone', title: 'Phone', answer: '4155552671' },
  { type: 'signature', title: 'Consent', answer: { signed: true, fullName: 'Pat Patient' } },
  { type: 'string', title: 'Name', answer: 'Pat' },
  { type: 'stringLong', title: 'History', answer: 'Long story' },
  { type: 'ranking', title: 'Priorities', options: { choices: ['Sleep', 'Diet'] }, answer: ['Diet', 'Sleep'] },
  { type: 'rating', title: 'Pain', options: { from: 1, to: 10 }, answer: 3 },
  { type: 'date', title: 'Visit', answer: '2026-11-01T10:00:00.000Z' },
  { type: 'dateString', title: 'Birthday', answer: '01-31-1990' },
  { type: 'Question Group', title: 'Group', answer: [] },
  { type: 'Table Input', title: 'Medications', options: { tableChoices: [{ label: 'Name', type: 'Text' }] }, answer: [[{ label: 'Name', entry: 'Aspirin' }]] },
  { type: 'description', title: 'Please read', answer: '' },
  { type: 'Address', title: 'Address', answer: { addressLineOne: '1 Main St', city: 'Springfield', state: 'CA', zipCode: '90210' } },
] as const;

describe('forms: prepared, answered with every field type, submitted once', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  let enduser: EnduserSession;
  let enduserId: string;
  let formId: string;
  let fieldIds: string[];

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
    enduser = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await enduser.register({ email: 'pat.forms@example.com', password: 'Patient-pass-1' } as never);
    const { enduser: info } = await enduser.authenticate('pat.forms@example.com', 'Patient-pass-1');
    enduserId = info.id;

    const form = await staff.api.forms.createOne({ title: 'Intake' });
    formId = form.id;
    fieldIds = [];
    let previous: string | undefined;
    for (const question of QUESTIONS) {
      const field = await staff.api.form_fields.createOne({
        formId,
        title: question.title,
        type: question.type,
        options: 'options' in question ? question.options : undefined,
        isOptional: question.type === 'Question Group' || question.type === 'description' ? true : undefined,
        previousFields: previous ? [{ type: 'after', info: { fieldId: previous } }] : [{ type: 'root', info: {} }],
      } as never);
      fieldIds.push(field.id);
      previous = field.id;
    }
  });
  afterAll(() => api.stop());

  const answers = (override: Partial<Record<string, unknown>> = {}) =>
    QUESTIONS.map((question, index) => ({
      fieldId: fieldIds[index],
      fieldTitle: question.title,
      answer: { type: question.type, value: question.title in override ? override[question.title] : question.answer },
    }));

  test('the form counts its questions and lists them from the root in order', async () => {
    expect(await staff.api.forms.getOne(formId)).toMatchObject({ numFields: QUESTIONS.length });
    const { accessCode, url, response } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    expect(accessCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toContain(`/documents/forms/${accessCode}`);
    expect(response).toMatchObject({ formId, enduserId });
    expect(response).not.toHaveProperty('submittedAt');

    const info = await enduser.api.form_responses.info_for_access_code({ accessCode });
    expect(info.fields.map((f: { id: string }) => f.id)).toEqual(fieldIds);
    expect(info.form).toMatchObject({ id: formId, title: 'Intake' });
    expect(info.response).toMatchObject({ accessCode, openedAt: expect.any(String) });
  });

  test('invalid answers are refused with exact messages and nothing is stored', async () => {
    const { accessCode, response } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    const submit = (override: Record<string, unknown>) => enduser.api.form_responses.submit_form_response({ accessCode, responses: answers(override) } as never);
    await expect(submit({ Name: 'x'.repeat(1001) })).rejects.toMatchObject({ message: 'Error parsing field responses: Response must not exceed 1000 characters' });
    await expect(submit({ History: 'x'.repeat(10001) })).rejects.toMatchObject({ message: 'Error parsing field responses: Response must not exceed 10000 characters' });
    await expect(submit({ Age: 'many' })).rejects.toMatchObject({ message: 'Error parsing field responses: Response must be a number' });
    await expect(submit({ Birthday: '1990-01-31' })).rejects.toMatchObject({ message: 'Error parsing field responses: Enter a date in MM-DD-YYYY format' });
    await expect(submit({ Mood: ['Terrible'] })).rejects.toMatchObject({ message: 'Error parsing field responses: Value must match one of Great, Okay' });
    await expect(submit({ Pain: 11 })).rejects.toMatchObject({ message: 'Error parsing field responses: Please enter a number between 1 and 10' });
    await expect(submit({ Consent: { signed: false, fullName: 'Pat' } })).rejects.toMatchObject({ message: 'Error parsing field responses: Please accept the terms of this signature' });
    await expect(submit({ Address: { addressLineOne: '1 Main St', city: 'X', state: 'CA', zipCode: '9021' } })).rejects.toMatchObject({
      message: 'Error parsing field responses: Enter a valid ZIP code',
    });
    await expect(submit({ Medications: [[{ label: 'Name', entry: '' }]] })).rejects.toMatchObject({ message: 'Error parsing field responses: Enter a value for Name in row 1' });
    await expect(submit({ Name: '' })).rejects.toMatchObject({ message: 'Error parsing field responses: A response is required for Name' });
    expect(await staff.api.form_responses.getOne(response.id)).not.toHaveProperty('submittedAt');
  });

  test('a complete response is stored once; a second submit of the same access code is refused', async () => {
    const { accessCode, response } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    const { formResponse } = await enduser.api.form_responses.submit_form_response({ accessCode, responses: answers() } as never);
    expect(formResponse).toMatchObject({ id: response.id, submittedAt: expect.any(String), submittedBy: enduserId });
    const stored = await staff.api.form_responses.getOne(response.id);
    expect(stored.responses).toHaveLength(QUESTIONS.length);
    expect(stored.responses?.find((r) => r.fieldTitle === 'Email')?.answer).toEqual({ type: 'email', value: 'pat@example.com' });
    expect(stored.responses?.find((r) => r.fieldTitle === 'Phone')?.answer).toEqual({ type: 'phone', value: '+14155552671' });
    await expect(enduser.api.form_responses.submit_form_response({ accessCode, responses: answers() } as never)).rejects.toMatchObject({
      message: 'This form response has already been submitted',
    });
  });

  test('a draft keeps answers given so far, merged by question, until the form is submitted', async () => {
    const { accessCode, response } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    const one = (title: string) => answers().find((a) => a.fieldTitle === title)!;
    await enduser.api.form_responses.save_field_response({ accessCode, response: one('Name') } as never);
    const { formResponse } = (await enduser.api.form_responses.save_field_response({ accessCode, responses: [one('Age'), { ...one('Name'), answer: { type: 'string', value: 'Patricia' } }] } as never)) as { formResponse: Record<string, unknown> };
    expect(formResponse).toMatchObject({ draftSavedAt: expect.any(String) });
    expect(formResponse).not.toHaveProperty('submittedAt');
    const stored = await staff.api.form_responses.getOne(response.id);
    expect(stored.responses?.map((r) => [r.fieldTitle, r.answer.value])).toEqual([
      ['Name', 'Patricia'],
      ['Age', 0],
    ]);
    await expect(enduser.api.form_responses.save_field_response({ accessCode, response: { ...one('Age'), answer: { type: 'number', value: 'x' } } } as never)).rejects.toMatchObject({
      message: 'Error parsing field responses: Response must be a number',
    });
  });

  test('another enduser and another organization cannot use the access code', async () => {
    const { accessCode } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    const stranger = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await stranger.register({ email: 'stranger.forms@example.com', password: 'Stranger-pass-1' } as never);
    await stranger.authenticate('stranger.forms@example.com', 'Stranger-pass-1');
    await expect(stranger.api.form_responses.info_for_access_code({ accessCode })).rejects.toMatchObject({
      message: 'You do not have access to this resource',
    });
    const otherStaff = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(otherStaff.api.form_responses.info_for_access_code({ accessCode })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('an enduser cannot prepare a response for someone else', async () => {
    const other = await staff.api.endusers.createOne({ fname: 'Other' });
    await expect(enduser.api.form_responses.prepare_form_response({ formId, enduserId: other.id } as never)).rejects.toMatchObject({
      message: 'enduserId does not match creator id for enduser session',
    });
  });
});
