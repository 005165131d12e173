import type { ActionFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../session.server';
import { deleteSetupRecord, readSubmission, saveSetupRecord, type SetupResource } from '../scheduling/records.server';
import { centsFromPrice } from './product-values';

export const PRODUCTS: SetupResource = { one: 'product', many: 'products', listPath: '/staff/products' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A product's page action: delete, or save the form as the api's product (the price typed in dollars
 * kept in cents, USD: the only currency checkout takes). A price that is not one is said on its field.
 */
export const productAction = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken } = await requireStaff(request);
  const id = params.id === 'new' ? undefined : params.id;
  const submission = await readSubmission(request);
  if (submission.intent === 'delete') return id ? deleteSetupRecord(authToken, PRODUCTS, id, 'Product deleted.') : null;
  const { values } = submission;
  const cents = centsFromPrice(text(values.price));
  if (cents === undefined) return { problem: { message: 'Write the price in dollars, for example 49.50', field: 'price' } };
  const title = text(values.title);
  return saveSetupRecord(
    authToken,
    PRODUCTS,
    id,
    { title, cost: { amount: cents, currency: 'USD' }, processor: text(values.processor), description: text(values.description) },
    `Saved ${title}.`,
  );
};
