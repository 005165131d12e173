import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireOrganization } from '../../../organization.server';
import { signedInEnduser } from '../../../portal/signed-in.server';

/**
 * The page route of docs/contract/portal.md#routes (appointment_booking with pageId): opens the booking widget for that
 * page of this portal's organization. The widget runs outside the shell, as it does when embedded.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  await signedInEnduser(request);
  const organization = await requireOrganization(request);
  const query = new URLSearchParams({ businessId: organization.businessId, appointmentBookingPageId: String(params.pageId) });
  throw redirect(`/appointment-booking-page?${query}`);
};
