import { definitionKit, describeEachDefinition } from './definition-test-kit';

/**
 * Commerce definitions without a database: products, purchases, purchase credits, superbills and
 * their providers, with the shapes and exact messages of docs/contract/entities.md#commerce-and-billing
 * and validation.md.
 */

const { definitions, def, create, createError, enduserAccess } = definitionKit('commerce');

describe('commerce resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers no access (seeds 000 §6)', () => {
    expect(enduserAccess()).toEqual({ products: [], purchases: [], purchase_credits: [], superbills: [], superbill_providers: [] });
  });

  it('removes enduser-owned records with their enduser', () => {
    for (const name of ['purchases', 'purchase_credits', 'superbills']) {
      expect(def(name).fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    }
  });

  describe('enums and shapes', () => {
    it('checks product cost and processor', () => {
      expect(createError('products', { processor: 'PayPal' })).toBe('Error parsing field processor: Value must match one of Stripe, Square');
      expect(createError('products', { cost: { amount: -1, currency: 'USD' } })).toBe('Error parsing field cost: Not a valid number for [0-10000000000000]');
      expect(createError('products', { cost: { amount: 1, currency: 'EUR' } })).toBe('Error parsing field cost: Value must match one of USD');
      expect(def('products').unique).toEqual([['title']]);
    });

    it('checks purchase credit values', () => {
      expect(createError('purchase_credits', { value: { type: 'Voucher', info: {} } })).toBe('Error parsing field value: Value must match one of Credit');
      expect(createError('purchase_credits', { value: { type: 'Credit', info: { amount: 1 } } })).toBe(
        'Error parsing field value: missing value for currency',
      );
      expect(create('purchase_credits', { usedAt: '' }).usedAt).toBeNull();
    });

    it('checks superbill shapes', () => {
      const provider = def('superbill_providers').example;
      expect(createError('superbill_providers', { address: { ...(provider.address as object), state: 'ZZ' } })).toContain(
        'Error parsing field address: Value must match one of AK, AL',
      );
      expect(createError('superbill_providers', { email: 'not-an-email' })).toBe('Error parsing field email: Invalid email: not-an-email');
      expect(createError('superbills', { lineItems: [{ quantity: 1 }] })).toBe('Error parsing field lineItems: missing value for billingCode');
      expect(def('superbill_providers').unique).toEqual([['providerName']]);
    });
  });
});
