import { fail } from './field-error';
import * as v from './validators';
import type { Validator } from './validators';

/**
 * Nested shapes of commerce and billing: products, purchases, purchase credits and superbills
 * (docs/contract/entities.md#commerce-and-billing), with the details the contract leaves out taken
 * from the reference client's contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional, byType } = v;

export const numberOrString: Validator<number | string> = (value) =>
  typeof value === 'number' ? v.number()(value) : typeof value === 'string' ? v.string(100)(value) : fail('Not a valid number');

export const CURRENCIES = ['USD'] as const;
export const PAYMENT_PROCESSORS = ['Stripe', 'Square'] as const;

export const cost = v.objectOf({ amount: required(v.nonNegativeNumber), currency: required(v.oneOf(CURRENCIES)) });

/** { type: 'Credit', info: { amount, currency } }. */
export const purchaseCreditValue = byType({
  Credit: { info: required(v.objectOf({ amount: required(v.number()), currency: required(v.oneOf(CURRENCIES)) })) },
});

/** Optional CPT code on products and purchases. */
export const billingCodeOptional = v.objectOf({ code: optional(numberOrString), label: optional(v.string()) });

export const address = v.objectOf({
  lineOne: required(v.string()),
  lineTwo: optional(v.string()),
  city: required(v.string()),
  state: required(v.usState),
  zipCode: required(v.string(100)),
  zipPlusFour: optional(v.string()),
  title: optional(v.string()),
});

export const superbillPatient = v.objectOf({
  name: required(v.string()),
  dateOfBirth: required(v.string()),
  phone: required(v.string()),
});

export const superbillProvider = v.objectOf({
  address: required(address),
  email: required(v.email),
  officeName: required(v.string()),
  phone: required(v.string()),
  taxId: required(v.string()),
  providerName: required(v.string()),
  providerLicense: required(v.string()),
  providerNPI: required(v.string()),
  placeOfServiceCode: optional(v.text()),
});

export const superbillLineItems = v.listOf(
  v.objectOf({
    billingCode: required(v.objectOf({ code: optional(numberOrString), label: required(v.string()) })),
    quantity: required(v.number()),
    cost: required(v.objectOf({ amount: required(v.number()), currency: required(v.string(100)) })),
    discount: optional(v.number()),
  }),
);
