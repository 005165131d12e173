import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PROCESSORS, productValues, type ProductValues } from '../../../staff/products/product-values';
import { PRODUCTS, productAction } from '../../../staff/products/products.server';
import { setupAccess } from '../../../staff/scheduling/access.server';
import { readSetupRecord } from '../../../staff/scheduling/records.server';
import { SetupEditor } from '../../../staff/scheduling/SetupEditor';
import type { SetupField } from '../../../staff/scheduling/SetupFields';
import { requiredResolver } from '../../../staff/scheduling/useSetupForm';
import { requireStaff } from '../../../staff/session.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Product'} · Products · Staff` }];

const FIELDS: SetupField<ProductValues>[] = [
  { name: 'title', label: 'Name', kind: 'text', hint: 'As patients see it, e.g. Initial consultation' },
  { name: 'price', label: 'Price (US dollars)', kind: 'text', hint: 'For example 49.50' },
  { name: 'processor', label: 'Paid through', kind: 'choice', options: PROCESSORS, emptyLabel: 'Choose Stripe or Square' },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true, hint: 'What the patient gets' },
];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const access = await setupAccess(authToken, user, 'products', 'see products');
  const record = await readSetupRecord(authToken, PRODUCTS, params.id);
  return {
    isNew: !record,
    title: record ? String(record.title ?? 'Product') : 'Add a product',
    values: productValues(record),
    canEdit: record ? access.canUpdate : access.canCreate,
    canDelete: !!record && access.canDelete,
  };
};

export const action = productAction;

export default function ProductPage() {
  const { isNew, title, values, canEdit, canDelete } = useLoaderData<typeof loader>();
  return (
    <SetupEditor<ProductValues>
      key={title}
      heading={title}
      name={isNew ? undefined : title}
      fields={FIELDS}
      defaults={values}
      resolver={requiredResolver<ProductValues>(['title', 'price', 'processor'])}
      canEdit={canEdit}
      canDelete={canDelete}
      saveLabel={isNew ? 'Add product' : 'Save product'}
      listPath="/staff/products"
      deleteConsequence="Patients can no longer pay for it. Purchases already made are kept."
    />
  );
}
