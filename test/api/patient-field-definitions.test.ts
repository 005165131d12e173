import type { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';

/**
 * The patient details an organization keeps (settings.endusers.customFields, docs/contract/entities.md#organizations,
 * "Enduser settings"): each has a kind, a name patients' custom fields are stored under, and, for a
 * choice, its choices. The staff app's record draws its boxes from them, so a malformed one is refused
 * and the settings stay as they were.
 */
describe("an organization's patient details", () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const endusersSettings = async (admin: Session, businessId: string) =>
    ((await admin.api.organizations.getOne(businessId)) as { settings?: { endusers?: Record<string, unknown> } }).settings?.endusers;
  const save = (admin: Session, businessId: string, endusers: unknown) => admin.api.organizations.updateOne(businessId, { settings: { endusers } } as never);

  test('are kept as defined, names trimmed, with the other enduser settings as sent', async () => {
    const { admin, tenant } = await freshTenant(api);
    const fields = [
      { type: 'Select', field: ' Insurance ', info: { options: ['Aetna', 'Medicare'] } },
      { type: 'Multiple Text', field: 'Allergies', info: {} },
      { type: 'Date', field: 'Last screening', info: {} },
    ];
    await save(admin, tenant.businessId, { customFields: fields, disableAdhocFields: true, autoReplyEnabled: true });
    expect(await endusersSettings(admin, tenant.businessId)).toEqual({
      customFields: [{ ...fields[0], field: 'Insurance' }, fields[1], fields[2]],
      disableAdhocFields: true,
      autoReplyEnabled: true,
    });
  });

  test('a malformed definition is refused with its reason and changes nothing', async () => {
    const { admin, tenant } = await freshTenant(api);
    const kept = { customFields: [{ type: 'Text', field: 'Pharmacy', info: {} }] };
    await save(admin, tenant.businessId, kept);
    const refusals: [unknown, string][] = [
      [[{ type: 'Colour', field: 'Eyes' }], 'Value must match one of Select, Multiple Select, Text, Number, Multiple Text, Date, File, Auto Detect, Table'],
      [[{ type: 'Select', field: 'Insurance', info: {} }], 'missing value for options'],
      [[{ type: 'Text', field: '   ' }], 'Each custom field needs a name'],
      [[{ type: 'Text', field: 'email' }], 'email is a reserved field name'],
      [[{ type: 'Text', field: 'Insurance' }, { type: 'Date', field: 'insurance ' }], 'Two custom fields are named insurance'],
      ['Insurance', 'Expecting a list but got Insurance'],
    ];
    for (const [customFields, reason] of refusals) {
      await expect(save(admin, tenant.businessId, { customFields })).rejects.toMatchObject({ message: `Error parsing field settings: ${reason}` });
    }
    await expect(save(admin, tenant.businessId, { disableAdhocFields: 'yes' })).rejects.toMatchObject({ message: expect.stringMatching(/^Error parsing field settings: /) });
    expect(await endusersSettings(admin, tenant.businessId)).toEqual(kept);
  });
});
