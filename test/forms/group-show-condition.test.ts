import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;

/**
 * groupShowCondition (the reference client's form field): a Question Group's sub-question shows only
 * while the answers meet it. The api stores and validates it, and a submission need not answer a
 * required sub-question it hides.
 */
describe('forms: groupShowCondition on a Question Group\'s questions', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  let enduser: EnduserSession;
  let enduserId: string;
  let formId: string;
  let smoker: { id: string };
  let packs: { id: string };
  let notes: { id: string };
  let group: { id: string };

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
    enduser = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await enduser.register({ email: 'pat.groups@example.com', password: 'Patient-pass-1' } as never);
    enduserId = (await enduser.authenticate('pat.groups@example.com', 'Patient-pass-1')).enduser.id;

    formId = (await staff.api.forms.createOne({ title: 'Smoking' })).id;
    smoker = await staff.api.form_fields.createOne({
      formId, title: 'Do you smoke?', type: 'multiple_choice', options: { choices: ['Yes', 'No'], radio: true }, previousFields: [{ type: 'root', info: {} }],
    } as never);
    packs = await staff.api.form_fields.createOne({
      formId, title: 'Packs per day', type: 'number', isInGroup: true, groupShowCondition: { condition: { [smoker.id]: 'Yes' } },
    } as never);
    notes = await staff.api.form_fields.createOne({ formId, title: 'Notes', type: 'string', isOptional: true, isInGroup: true, groupShowCondition: {} } as never);
    group = await staff.api.form_fields.createOne({
      formId, title: 'Details', type: 'Question Group', isOptional: true,
      options: { subFields: [{ id: packs.id }, { id: notes.id }] }, previousFields: [{ type: 'after', info: { fieldId: smoker.id } }],
    } as never);
  });
  afterAll(() => api.stop());

  test('is stored as given, read back by staff and by the enduser filling the form, and can be changed', async () => {
    expect(await staff.api.form_fields.getOne(packs.id)).toMatchObject({ groupShowCondition: { condition: { [smoker.id]: 'Yes' } } });
    const { accessCode } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
    const info = await enduser.api.form_responses.info_for_access_code({ accessCode });
    expect(info.fields.find((field: { id: string }) => field.id === packs.id)).toMatchObject({ groupShowCondition: { condition: { [smoker.id]: 'Yes' } } });

    const either = { $or: [{ condition: { [smoker.id]: 'Yes' } }, { condition: { [smoker.id]: { $exists: false } } }] };
    await staff.api.form_fields.updateOne(notes.id, { groupShowCondition: either } as never, { replaceObjectFields: true });
    expect(await staff.api.form_fields.getOne(notes.id)).toMatchObject({ groupShowCondition: either });
    await staff.api.form_fields.updateOne(notes.id, { groupShowCondition: {} } as never, { replaceObjectFields: true });
  });

  test('a malformed condition is refused with a clear message and nothing is stored', async () => {
    const create = (groupShowCondition: unknown) => staff.api.form_fields.createOne({ formId, title: 'Bad', type: 'string', groupShowCondition } as never);
    await expect(create('Yes')).rejects.toMatchObject({ message: expect.stringContaining('groupShowCondition') });
    await expect(create({ unknownKey: 1 })).rejects.toMatchObject({ message: expect.stringContaining('Unknown condition key unknownKey (expected $and, $or or condition)') });
    await expect(create({ $and: [] })).rejects.toMatchObject({ message: expect.stringContaining('$and must be a non-empty list of conditions') });
    await expect(create({ condition: { [smoker.id]: { $regex: '.*' } } })).rejects.toMatchObject({ message: expect.stringContaining(`The rule for ${smoker.id} must be a value or an object with one of`) });
    await expect(create({ condition: { [smoker.id]: { $exists: 'yes' } } })).rejects.toMatchObject({ message: expect.stringContaining('has an invalid value for $exists') });
    await expect(staff.api.form_fields.updateOne(packs.id, { groupShowCondition: { $or: [{ nope: true }] } } as never)).rejects.toMatchObject({ code: 400, message: 'Error parsing field groupShowCondition: Unknown condition key nope (expected $and, $or or condition)' });
    expect(await staff.api.form_fields.getOne(packs.id)).toMatchObject({ groupShowCondition: { condition: { [smoker.id]: 'Yes' } } });
    expect((await staff.api.form_fields.getSome({ filter: { formId } } as never)).map((field) => field.title)).not.toContain('Bad');
  });

  test('a required sub-question is required only while its condition shows it', async () => {
    const answer = (fieldId: string, type: string, value: unknown) => ({ fieldId, fieldTitle: 'Question', answer: { type, value } });
    const submit = async (responses: unknown[]) => {
      const { accessCode } = await staff.api.form_responses.prepare_form_response({ formId, enduserId } as never);
      return enduser.api.form_responses.submit_form_response({ accessCode, responses } as never);
    };
    // Hidden (not a smoker): the required 'Packs per day' need not be answered.
    const { formResponse } = await submit([answer(smoker.id, 'multiple_choice', ['No'])]);
    expect(formResponse).toMatchObject({ submittedAt: expect.any(String) });
    // Shown (a smoker): it must be.
    await expect(submit([answer(smoker.id, 'multiple_choice', ['Yes'])])).rejects.toMatchObject({
      message: 'Error parsing field responses: A response is required for Packs per day',
    });
    const answered = await submit([answer(smoker.id, 'multiple_choice', ['Yes']), answer(packs.id, 'number', 0)]);
    expect(answered.formResponse).toMatchObject({ submittedAt: expect.any(String) });
    expect(group.id).toBeDefined();
  });
});
