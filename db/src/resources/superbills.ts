import { superbillLineItems, superbillPatient, superbillProvider } from '../validation/commerce-validators';
import { defineResource, field } from './define';

/** An itemised bill an enduser can submit to their insurer. */
export const superbills = defineResource({
  name: 'superbills',
  fields: {
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    appointmentDate: field.date({ required: true }),
    patient: field.json(superbillPatient, { required: true }),
    provider: field.json(superbillProvider, { required: true }),
    lineItems: field.json(superbillLineItems, { required: true }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    enduserId: '000000000000000000000000',
    appointmentDate: '2026-01-15T17:00:00.000Z',
    patient: { name: 'Pat Patient', dateOfBirth: '01-31-1990', phone: '+14155552671' },
    provider: {
      address: { lineOne: '1 Main Street', city: 'San Francisco', state: 'CA', zipCode: '94105' },
      email: 'billing@example.com',
      officeName: 'Main Street Clinic',
      phone: '415-555-2671',
      taxId: '12-3456789',
      providerName: 'Dr. Example',
      providerLicense: 'A12345',
      providerNPI: '1234567890',
    },
    lineItems: [{ billingCode: { code: '99213', label: 'Office visit' }, quantity: 1, cost: { amount: 150, currency: 'USD' } }],
  },
});
