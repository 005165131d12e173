import { callApi } from '../../api.server';
import { dayKey } from '../../booking/time';
import { formatIn } from '../../time/format';
import { typedInstant } from '../calendar/appointment-actions.server';
import { centsFromPrice, usd } from '../products/product-values';
import { billingProfileLabel } from '../billing/billing-profile-values';
import { patientName } from './patient-name';

type Row = Record<string, unknown> & { id: string };

/** What a superbill copies of the patient (patient.server.ts's Enduser has these; not imported, which would make a cycle). */
type BilledPatient = Parameters<typeof patientName>[0] & { id: string; dateOfBirth?: string; phone?: string };

/** A superbill as the record lists it: the day of the visit, the practice, what was billed and the total. */
export interface SuperbillView {
  id: string;
  day: string;
  practice: string;
  lines: string[];
  total: string;
}

/** What the new-superbill form offers: the practice's billing profiles by name. */
export interface BillingChoice {
  id: string;
  label: string;
}

/** The most service lines one superbill takes (SuperbillsSection.tsx shows three, then adds rows). */
const MOST_LINES = 20;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type LineItem = { billingCode?: { code?: unknown; label?: unknown }; quantity?: unknown; cost?: { amount?: unknown }; discount?: unknown };

const lineCents = (line: LineItem) => {
  const amount = typeof line.cost?.amount === 'number' ? line.cost.amount : 0;
  const quantity = typeof line.quantity === 'number' ? line.quantity : 1;
  const discount = typeof line.discount === 'number' ? line.discount : 0;
  return amount * quantity - discount;
};

/** The patient's superbills, newest visit first, on the staff member's clock. */
export const superbillsView = (rows: Row[], zone: string): SuperbillView[] =>
  rows
    .map((row) => {
      const items = (Array.isArray(row.lineItems) ? row.lineItems : []) as LineItem[];
      const provider = (row.provider ?? {}) as Record<string, unknown>;
      return {
        id: row.id,
        at: Date.parse(text(row.appointmentDate)) || 0,
        day: formatIn(text(row.appointmentDate), zone, 'date'),
        practice: billingProfileLabel(provider),
        lines: items.map((line) => {
          const code = line.billingCode?.code === undefined ? '' : String(line.billingCode.code);
          const label = text(line.billingCode?.label);
          const quantity = typeof line.quantity === 'number' && line.quantity !== 1 ? ` × ${line.quantity}` : '';
          // A line given only a code carries it as its label too (the label is required): say it once.
          const words = label === code ? code : [code, label].filter(Boolean).join(' ');
          return `${words}${quantity}: ${usd(lineCents(line))}`;
        }),
        total: usd(items.reduce((sum, line) => sum + lineCents(line), 0)),
      };
    })
    .sort((a, b) => b.at - a.at)
    .map(({ at: _at, ...view }) => view);

/** `?superbillDay=YYYY-MM-DD` (an appointment's "Make a superbill" link), else today on the staff member's clock. */
export const visitDay = (request: Request, zone: string) => {
  const asked = new URL(request.url).searchParams.get('superbillDay') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : dayKey(Date.now(), zone);
};

export const billingChoices = (profiles: Row[]): BillingChoice[] =>
  profiles.map((profile) => ({ id: profile.id, label: billingProfileLabel(profile) })).sort((a, b) => a.label.localeCompare(b.label));

type SuperbillAnswer = { intent: string; saved?: string; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

/** What a superbill copies of a billing profile (the api's superbill provider shape). */
const PROVIDER_FIELDS = ['address', 'email', 'officeName', 'phone', 'taxId', 'providerName', 'providerLicense', 'providerNPI', 'placeOfServiceCode'] as const;

/** The provider fields a superbill must carry (the api's superbill shape) that a profile may lack. */
const PROVIDER_NEEDS = [
  ['providerName', 'provider name'],
  ['providerLicense', 'license number'],
  ['providerNPI', 'NPI'],
] as const;

/**
 * Makes a superbill for a visit: the patient's name, birth date and phone and the chosen billing
 * profile copied in as they are now, and each line filled in (a code or a description, a fee).
 * Nothing is stored when a line or the visit's day needs fixing.
 */
export const makeSuperbill = async (authToken: string, enduser: BilledPatient, form: FormData, zone: string): Promise<SuperbillAnswer> => {
  const intent = 'superbill';
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value.trim();
  const fieldErrors: Record<string, string> = {};
  const day = values.superbillDay ?? '';
  const at = day ? typedInstant(day, '12:00', zone) : undefined;
  if (at === undefined) fieldErrors.superbillDay = 'Pick the day of the visit';
  else if (at > Date.now() + 86_400_000) fieldErrors.superbillDay = 'A superbill is for a visit that has happened';
  const lineItems: { billingCode: { code?: string; label: string }; quantity: number; cost: { amount: number; currency: 'USD' } }[] = [];
  for (let index = 0; index < MOST_LINES; index++) {
    const code = values[`code${index}`] ?? '';
    const label = values[`label${index}`] ?? '';
    const fee = values[`fee${index}`] ?? '';
    const quantityText = values[`quantity${index}`] ?? '';
    if (!code && !label && !fee) continue;
    const cents = centsFromPrice(fee);
    const quantity = quantityText ? Number(quantityText) : 1;
    if (!label && !code) fieldErrors[`label${index}`] = 'Describe the service';
    if (cents === undefined) fieldErrors[`fee${index}`] = 'Enter the fee, such as 150.00';
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100) fieldErrors[`quantity${index}`] = 'Enter a whole number from 1 to 100';
    if (cents !== undefined) lineItems.push({ billingCode: { ...(code ? { code } : {}), label: label || code }, quantity, cost: { amount: cents, currency: 'USD' } });
  }
  if (Object.keys(fieldErrors).length) return { intent, fieldErrors, values };
  if (!lineItems.length) return { intent, formError: 'Add at least one service with its fee', values };
  if (!enduser.dateOfBirth) return { intent, formError: "Add the patient's date of birth to their profile first: superbills print it.", values };
  if (!enduser.phone) return { intent, formError: "Add the patient's phone number to their profile first: superbills print it.", values };
  const profileId = values.billingProfileId ?? '';
  if (!/^[0-9a-f]{24}$/.test(profileId)) return { intent, fieldErrors: { billingProfileId: 'Choose the billing profile' }, values };
  const profile = await callApi<Row>(`/v1/superbill-provider/${profileId}`, { authToken });
  const lacking = PROVIDER_NEEDS.filter(([name]) => !text(profile[name])).map(([, words]) => words);
  if (lacking.length) return { intent, formError: `This billing profile has no ${lacking.join(' or ')}: add it in Settings > Billing first.`, values };
  const provider = Object.fromEntries(PROVIDER_FIELDS.filter((name) => profile[name] !== undefined && profile[name] !== null).map((name) => [name, profile[name]]));
  await callApi('/v1/superbill', {
    method: 'POST',
    authToken,
    body: {
      enduserId: enduser.id,
      appointmentDate: new Date(at!).toISOString(),
      patient: { name: patientName(enduser), dateOfBirth: enduser.dateOfBirth, phone: enduser.phone },
      provider,
      lineItems,
    },
  });
  return { intent, saved: 'Superbill made' };
};

export const deleteSuperbill = async (authToken: string, form: FormData): Promise<SuperbillAnswer> => {
  const intent = 'superbill-delete';
  const id = String(form.get('superbillId') ?? '');
  if (!/^[0-9a-f]{24}$/.test(id)) return { intent, formError: 'That superbill could not be found. Reload the page and try again.' };
  await callApi(`/v1/superbill/${id}`, { method: 'DELETE', authToken });
  return { intent, saved: 'Superbill deleted' };
};
