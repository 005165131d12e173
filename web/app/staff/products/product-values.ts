/**
 * A product as its form shows it: the price in dollars as people type it ("49.50"), where the api keeps
 * cents (cost.amount, in the currency's smallest unit, as Stripe and Square take it: docs/decisions.md).
 */
export type ProductValues = { title: string; price: string; processor: string; description: string };

export const PROCESSORS = [
  { value: 'Stripe', label: 'Stripe' },
  { value: 'Square', label: 'Square' },
];

type Stored = Record<string, unknown>;

const centsOf = (record: Stored) => {
  const amount = (record.cost as { amount?: unknown } | undefined)?.amount;
  return typeof amount === 'number' ? amount : undefined;
};

/** Cents as a price reads: $49.50 (USD, the only currency checkout takes). */
export const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const priceText = (record: Stored) => {
  const cents = centsOf(record);
  return cents === undefined ? 'No price' : usd(cents);
};

export const productValues = (record: Stored | undefined): ProductValues => {
  const cents = record ? centsOf(record) : undefined;
  return {
    title: typeof record?.title === 'string' ? record.title : '',
    price: cents === undefined ? '' : (cents / 100).toFixed(2),
    processor: typeof record?.processor === 'string' ? record.processor : 'Stripe',
    description: typeof record?.description === 'string' ? record.description : '',
  };
};

/** Dollars and cents as typed ("49.5", "$1,200", "80") in cents, or undefined when it is not a price. */
export const centsFromPrice = (price: string) => {
  const plain = price.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  return Math.round(Number(plain) * 100);
};
