import { startAutomations, waitFor, type Automations } from './support';

/**
 * Issue 36: the care-team trigger actions name staff directly (picked by name in the console): Assign
 * Care Team adds them to the patient's care team, Remove Care Team takes them off; a colleague of
 * another business is never added.
 */
describe('care-team trigger actions', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test('adds the named staff when the patient is tagged, and removes them when the patient moves', async () => {
    const { sdk } = await automations.session();
    const other = await automations.session();
    const nurse = await sdk.api.users.createOne({ email: `nurse-${Date.now()}@example.com`, fname: 'Nora', lname: 'Nurse' } as never);
    const stranger = await other.sdk.api.users.createOne({ email: `stranger-${Date.now()}@example.com`, fname: 'Sam', lname: 'Elsewhere' } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'VIP care',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'tags', value: 'vip' } },
      action: { type: 'Assign Care Team', info: { userIds: [nurse.id, stranger.id] } },
    } as never);
    await sdk.api.automation_triggers.createOne({
      title: 'Moved away',
      status: 'Active',
      event: { type: 'Field Equals', info: { field: 'state', value: 'NY' } },
      action: { type: 'Remove Care Team', info: { userIds: [nurse.id] } },
    } as never);

    const enduser = await sdk.api.endusers.createOne({ fname: 'Tess', assignedTo: [sdk.userInfo.id] } as never);
    await sdk.api.endusers.updateOne(enduser.id, { tags: ['vip'] });
    const joined = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (row) => (row.assignedTo ?? []).includes(nurse.id), 'the nurse on the care team');
    expect(joined.assignedTo).toEqual([sdk.userInfo.id, nurse.id]);

    await sdk.api.endusers.updateOne(enduser.id, { state: 'NY' });
    const left = await waitFor(() => sdk.api.endusers.getOne(enduser.id), (row) => !(row.assignedTo ?? []).includes(nurse.id), 'the nurse off the care team');
    expect(left.assignedTo).toEqual([sdk.userInfo.id]);
  });
});
