import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith, createEnduser } from '../identity/support';

/** The text a PDF's pages draw (`<hex> Tj` in the decoded content streams). */
const pdfText = async (bytes: Buffer) => {
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThan(0);
  const drawn: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) drawn.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return drawn.join(' ');
};

const PROVIDER = {
  address: { lineOne: '1 Main Street', city: 'San Francisco', state: 'CA', zipCode: '94105' },
  email: 'billing@example.com',
  officeName: 'Main Street Clinic',
  phone: '415-555-2671',
  taxId: '12-3456789',
  providerName: 'Dr. Rivera',
  providerLicense: 'A12345',
  providerNPI: '1234567890',
};

describe('purchase credits and superbills', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  test('a purchase credit is used once: usedAt cannot be moved or cleared afterwards', async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);
    const credit = await admin.api.purchase_credits.createOne({ enduserId: patient.enduser.id, title: 'Welcome', value: { type: 'Credit', info: { amount: 1000, currency: 'USD' } } } as never);
    const usedAt = new Date('2026-11-20T10:00:00.000Z');
    await admin.api.purchase_credits.updateOne(credit.id, { usedAt } as never);
    for (const again of [{ usedAt: new Date('2026-11-21T10:00:00.000Z') }, { usedAt: '' }]) {
      await expect(admin.api.purchase_credits.updateOne(credit.id, again as never)).rejects.toMatchObject({ message: 'This purchase credit has already been used' });
    }
    const stored = await admin.api.purchase_credits.getOne(credit.id);
    expect(new Date(String(stored.usedAt)).toISOString()).toBe(usedAt.toISOString());
    // Other fields stay editable.
    await admin.api.purchase_credits.updateOne(credit.id, { description: 'Spent on the first visit' } as never);
  });

  test("a superbill downloads as a PDF with the provider, patient, line items and total; another business can't", async () => {
    const { tenant, admin } = await freshTenant(api);
    const patient = await createEnduser(api.host, admin, tenant);
    const superbill = await admin.api.superbills.createOne({
      enduserId: patient.enduser.id,
      appointmentDate: '2026-11-16T17:00:00.000Z',
      patient: { name: 'Pat Patient', dateOfBirth: '01-31-1990', phone: '+14155552671' },
      provider: PROVIDER,
      lineItems: [
        { billingCode: { code: '99213', label: 'Office visit' }, quantity: 1, cost: { amount: 15000, currency: 'USD' } },
        { billingCode: { code: '90834', label: 'Psychotherapy, 45 minutes' }, quantity: 2, cost: { amount: 12000, currency: 'USD' } },
      ],
    } as never);
    const response = await fetch(`${api.host}/v1/superbills/${superbill.id}/pdf`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    for (const expected of ['Main Street Clinic', 'NPI 1234567890', 'Pat Patient', '2026-11-16', '99213', 'Office visit', '$150.00', '$240.00', 'Total $390.00']) {
      expect(text).toContain(expected);
    }

    const other = await freshTenant(api);
    expect((await callWith(api.host, `Bearer ${other.admin.authToken}`, `/v1/superbills/${superbill.id}/pdf`)).status).toBe(404);
    expect((await callWith(api.host, `Bearer ${patient.session.authToken}`, `/v1/superbills/${superbill.id}/pdf`)).status).toBe(403);
  });
});
