import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { priceText } from '../../../staff/products/product-values';
import { PRODUCTS } from '../../../staff/products/products.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { listRecords } from '../../../staff/scheduling/records.server';
import { SetupList } from '../../../staff/scheduling/SetupList';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Products · Staff' }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'products', 'see products');
  const rows = await listRecords(authToken, PRODUCTS);
  return {
    canCreate: access.canCreate,
    canEdit: access.canUpdate,
    items: rows.map((row) => ({
      key: row.id,
      title: String(row.title ?? 'Untitled product'),
      details: [`${priceText(row)} · paid through ${String(row.processor ?? 'Stripe')}`, typeof row.description === 'string' ? row.description : ''].filter(Boolean),
      to: `/staff/products/${row.id}`,
    })),
  };
};

export default function Products() {
  const { items, canCreate, canEdit } = useLoaderData<typeof loader>();
  return (
    <SetupList
      heading="Products"
      intro="What your practice sells (visits, packages, programs), each with its price and the payment service that takes it."
      items={items}
      addLabel="Add a product"
      addTo="/staff/products/new"
      canCreate={canCreate}
      canEdit={canEdit}
      empty={{
        title: 'No products yet',
        text: 'Add what patients can pay for, with its price. Connect Stripe or Square under Settings > Integrations to take the payments.',
        readOnlyText: 'Nobody has added a product yet. An Admin or a colleague whose role allows it can add one.',
      }}
    />
  );
}
