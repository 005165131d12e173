import { createSubOrganization, memberOf } from '../analytics/support';
import { callWith } from '../identity/support';
import { startAutomations, waitFor, type Automations } from './support';

const DAY = 86_400_000;
type Row = Record<string, unknown>;

/**
 * 'Add to Waitlist' triggers (docs/decisions.md, "Add to Waitlist triggers"): the worker puts the
 * patient on the waitlist of the trigger's appointment type for the next 30 days, offered times by
 * email (text when only a phone is known), and records why when it cannot. Another business sees none.
 */
describe('Add to Waitlist trigger', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  const list = async (authToken: string, path: string) => {
    const { status, body } = await callWith(automations.api.host, `Bearer ${authToken}`, path);
    expect(status).toBe(200);
    return body as Row[];
  };

  test('a tagged patient waits for the appointment type; one without an address is skipped with the reason', async () => {
    const { sdk } = await automations.session();
    const other = await automations.session();
    const type = await sdk.api.calendar_event_templates.createOne({ title: 'Consultation', durationInMinutes: 30 } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'Waitlist for consults',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'tags', value: 'consult' } },
      action: { type: 'Add to Waitlist', info: { waitlistId: type.id } },
    } as never);

    const byText = await sdk.api.endusers.createOne({ fname: 'Tia', phone: '+15555550123' } as never);
    const unreachable = await sdk.api.endusers.createOne({ fname: 'Una' } as never);
    const before = Date.now();
    await sdk.api.endusers.updateOne(byText.id, { tags: ['consult'] });
    await sdk.api.endusers.updateOne(unreachable.id, { tags: ['consult'] });

    const [request] = await waitFor(
      () => list(sdk.authToken!, `/v1/waitlist-requests?filter=${encodeURIComponent(JSON.stringify({ enduserId: byText.id }))}`),
      (rows) => rows.length > 0,
      'a waitlist request for the tagged patient',
    );
    expect(request).toMatchObject({ enduserId: byText.id, calendarEventTemplateId: type.id, channel: 'SMS', status: 'waiting' });
    expect(Number(request!.fromTimeInMS)).toBeGreaterThanOrEqual(before);
    // Thirty days from the firing: the firing happened between the tag and the request's appearing.
    expect(Number(request!.toTimeInMS)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(Number(request!.toTimeInMS)).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const errors = await waitFor(
      () => list(sdk.authToken!, `/v1/background-errors?filter=${encodeURIComponent(JSON.stringify({ enduserId: unreachable.id }))}`),
      (rows) => rows.length > 0,
      'the reason the unreachable patient was skipped',
    );
    expect(errors.map((row) => row.message)).toEqual([
      'The trigger "Waitlist for consults" did not add the patient to the waitlist: the patient has no email address or phone number to be offered times on.',
    ]);
    const all = await list(sdk.authToken!, '/v1/waitlist-requests');
    expect(all.map((row) => row.enduserId)).toEqual([byText.id]);

    // Another business sees none of it.
    expect(await list(other.sdk.authToken!, '/v1/waitlist-requests')).toEqual([]);
  });

  test("the request is written in the patient's organization: its staff see it, a sibling organization's do not", async () => {
    const { sdk } = await automations.session();
    const clinic = await createSubOrganization(sdk, 'North clinic');
    const sibling = await createSubOrganization(sdk, 'South clinic');
    const north = await memberOf(automations.api, sdk, [clinic.id]);
    const south = await memberOf(automations.api, sdk, [sibling.id]);
    // The clinic's own type: a patient waits only for types offered in their organization.
    const type = await north.session.api.calendar_event_templates.createOne({ title: 'Follow-up', durationInMinutes: 30 } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'Follow-up waitlist',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'tags', value: 'follow-up' } },
      action: { type: 'Add to Waitlist', info: { waitlistId: type.id } },
    } as never);

    const patient = await north.session.api.endusers.createOne({ fname: 'Nell', email: `nell-${Date.now()}@example.com` } as never);
    await north.session.api.endusers.updateOne(patient.id, { tags: ['follow-up'] });
    const [request] = await waitFor(() => list(north.session.authToken!, '/v1/waitlist-requests'), (rows) => rows.length > 0, "the request in the patient's organization");
    expect(request).toMatchObject({ enduserId: patient.id, calendarEventTemplateId: type.id, channel: 'Email', status: 'waiting', organizationIds: [clinic.id] });
    expect(await list(south.session.authToken!, '/v1/waitlist-requests')).toEqual([]);
    expect(await list(sdk.authToken!, '/v1/waitlist-requests')).toHaveLength(1);
  });
});
