import { startAutomations, waitFor, sleep, type Automations } from './support';

/**
 * Automation triggers as the reference client's field_equals_trigger_tests, no_chained_triggers_tests
 * and automation_trigger_tests use them (issue 12): 'Field Equals' with '$exists' and on an update
 * that writes the field, tags naming enduser values, triggerIds, the enduserCondition judged on the
 * enduser as the change left them (no chained triggers), and a form's answer conditions.
 */
describe('automation triggers: field values, conditions and no chaining', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test("'Field Equals' fires on a write of the field ('$exists' included), renders tags and records triggerIds; one trigger's tag never fires another", async () => {
    const { sdk } = await automations.session();
    const t1 = await sdk.api.automation_triggers.createOne({
      title: 'named', status: 'Active',
      event: { type: 'Field Equals', info: { field: 'fname', value: 'Trigger' } },
      action: { type: 'Add Tags', info: { tags: ['t1', '{{enduser.fname}}'] } },
    } as never);
    const t2 = await sdk.api.automation_triggers.createOne({
      title: 'any name, once tagged', status: 'Active',
      event: { type: 'Field Equals', info: { field: 'fname', value: '$exists' } },
      action: { type: 'Add Tags', info: { tags: ['t2'] } },
      enduserCondition: { $and: [{ condition: { tags: 't1' } }] },
    } as never);
    const middle = await sdk.api.automation_triggers.createOne({
      title: 'middle name', status: 'Active',
      event: { type: 'Field Equals', info: { field: 'mname', value: '$exists' } },
      action: { type: 'Add Tags', info: { tags: ['middle'] } },
    } as never);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Trigger', mname: 'Quincy' } as never);
    expect((enduser as { mname?: string }).mname).toBe('Quincy');
    const tagged = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (e) => Boolean(e.tags?.includes('t1') && e.tags?.includes('middle')), 'the first triggers');
    expect([...(tagged.tags ?? [])].sort()).toEqual(['Trigger', 'middle', 't1'].sort());
    expect([...((tagged as { triggerIds?: string[] }).triggerIds ?? [])].sort()).toEqual([t1.id, middle.id].sort());
    // t2's condition (tag t1) did not hold for the change that created the enduser: t1's own tag must not fire it.
    await sleep(1500);
    expect((await sdk.api.endusers.getOne(enduser.id)).tags).not.toContain('t2');

    // A later write of fname (already set before) fires '$exists' again, now that the enduser carries t1.
    await sdk.api.endusers.updateOne(enduser.id, { fname: 'Updated' });
    const updated = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (e) => Boolean(e.tags?.includes('t2')), 'the direct trigger');
    expect((updated as { triggerIds?: string[] }).triggerIds).toContain(t2.id);
    // An update of another field, or one echoing fname unchanged, gives it no new value: nothing fires.
    await sdk.api.automation_triggers.updateOne(t2.id, { action: { type: 'Add Tags', info: { tags: ['again'] } } } as never, { replaceObjectFields: true });
    await sdk.api.endusers.updateOne(enduser.id, { lname: 'Other' });
    await sdk.api.endusers.updateOne(enduser.id, { fname: 'Updated' });
    await sleep(1500);
    expect((await sdk.api.endusers.getOne(enduser.id)).tags).not.toContain('again');
  });

  test("'Form Submitted' triggers check their answer conditions by form field id", async () => {
    const { sdk } = await automations.session();
    const enduser = await sdk.api.endusers.createOne({ fname: 'Former' });
    const form = await sdk.api.forms.createOne({ title: 'conditions' });
    const field = await sdk.api.form_fields.createOne({ formId: form.id, type: 'string', title: 'Q', previousFields: [{ type: 'root', info: {} }] } as never);
    const conditional = (title: string, tag: string, rule: unknown) =>
      sdk.api.automation_triggers.createOne({
        title, status: 'Active',
        event: { type: 'Form Submitted', info: { formId: form.id }, conditions: { $and: [{ condition: { [field.id]: rule } }] } },
        action: { type: 'Add Tags', info: { tags: [tag] } },
      } as never);
    await conditional('equals', 'equals', 'trigger 2');
    await conditional('equals other', 'no', 'tri');
    await conditional('exists', 'exists', { $exists: true });
    await conditional('missing', 'no', { $exists: false });
    await conditional('contains', 'contains', { $contains: 'tri' });
    await conditional('does not contain', 'doesNotContain', { $doesNotContain: 'tri2' });
    await conditional('contains other', 'no', { $contains: 'tri2' });
    await conditional('does not contain this', 'no', { $doesNotContain: 'tri' });

    const { accessCode } = await sdk.api.form_responses.prepare_form_response({ enduserId: enduser.id, formId: form.id });
    await sdk.api.form_responses.submit_form_response({
      accessCode,
      responses: [{ fieldId: field.id, fieldTitle: 'Q', answer: { type: 'string', value: 'trigger 2' } }],
    } as never);
    const tagged = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (e) => (e.tags ?? []).length >= 4, 'the matching triggers');
    await sleep(1500);
    expect([...((await sdk.api.endusers.getOne(enduser.id)).tags ?? [])].sort()).toEqual(['contains', 'doesNotContain', 'equals', 'exists']);
    expect(tagged.tags).not.toContain('no');
  });
});
