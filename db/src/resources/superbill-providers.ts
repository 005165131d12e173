import { address } from '../validation/commerce-validators';
import { defineResource, field } from './define';

/** The practice details printed on superbills. */
export const superbill_providers = defineResource({
  name: 'superbill_providers',
  fields: {
    address: field.json(address, { required: true }),
    email: field.email({ required: true }),
    phone: field.string({ required: true }),
    officeName: field.string({ required: true, max: 1000 }),
    taxId: field.string({ required: true }),
    providerName: field.string({ searchable: true }),
    placeOfServiceCode: field.string(),
    providerLicense: field.string(),
    providerNPI: field.string(),
  },
  unique: [['providerName']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    address: { lineOne: '1 Main Street', city: 'San Francisco', state: 'CA', zipCode: '94105' },
    email: 'billing@example.com',
    phone: '415-555-2671',
    officeName: 'Main Street Clinic',
    taxId: '12-3456789',
    providerName: 'Dr. Example',
  },
});
