import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireSettingsAdmin } from '../../../staff/settings/admin.server';
import { loadBillingProfiles, saveBillingProfile, type BillingState } from '../../../staff/billing/billing-profiles.server';
import { BillingProfiles } from '../../../staff/billing/BillingProfiles';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Billing · Settings · Staff' }];

const WHAT = 'set the details printed on superbills';

/** Settings > Billing (Admins): the practice's billing profiles; `?edit=<id>` opens one in the form. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, WHAT);
  const profiles = await loadBillingProfiles(authToken);
  const editId = new URL(request.url).searchParams.get('edit');
  return { profiles, editing: profiles.find((profile) => profile.id === editId) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await requireSettingsAdmin(request, WHAT);
  return data<BillingState>(await saveBillingProfile(authToken, await request.formData()));
};

export default function BillingSettings() {
  const { profiles, editing } = useLoaderData<typeof loader>();
  return <BillingProfiles profiles={profiles} editing={editing} state={useActionData<typeof action>()} />;
}
