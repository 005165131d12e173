import { data, type ActionFunctionArgs } from '@remix-run/node';
import { formErrorMessage } from '../../../api.server';
import { optionalEnduser } from '../../../booking/booking.server';
import { pageTexts } from '../../../booking/page-language.server';
import type { IntakeValues } from '../../../booking/types';
import type { WaitlistChannel } from '../../../booking/waitlist';
import { joinWaitlist } from '../../../booking/waitlist.server';

export type WaitlistActionResult = { joined: true; channel: WaitlistChannel } | { error: string };

interface JoinBody {
  templateId: string;
  locationId?: string | null;
  fromDay: string;
  toDay: string;
  timezone: string;
  channel: WaitlistChannel;
  intake?: IntakeValues | null;
}

/**
 * The booking widget's "Join the waitlist" (docs/decisions.md, "The waitlist"), posted as JSON with
 * the widget's own link parameters (businessId, appointmentBookingPageId), so no token reaches the
 * browser. A signed-in patient of the page's business joins as themselves; a visitor by what they
 * typed. Failures come back as 200 with { error }, as the widget's other calls do.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const texts = await pageTexts(request);
  const params = new URL(request.url).searchParams;
  const businessId = params.get('businessId')?.trim();
  const pageId = params.get('appointmentBookingPageId')?.trim();
  if (!businessId || !pageId) return data<WaitlistActionResult>({ error: texts.booking('unknownPage') });
  const body = (await request.json()) as JoinBody;
  const enduser = await optionalEnduser(request);
  const signedIn = enduser && enduser.businessId === businessId && !enduser.upserted ? enduser.authToken : undefined;
  const channel: WaitlistChannel = body.channel === 'SMS' ? 'SMS' : 'Email';
  try {
    await joinWaitlist(
      {
        businessId,
        pageId,
        templateId: String(body.templateId),
        locationId: body.locationId || undefined,
        fromDay: String(body.fromDay ?? ''),
        toDay: String(body.toDay ?? ''),
        timezone: String(body.timezone ?? 'UTC'),
        channel,
        intake: signedIn ? undefined : body.intake ?? undefined,
      },
      signedIn,
      texts,
    );
    return data<WaitlistActionResult>({ joined: true, channel });
  } catch (error) {
    return data<WaitlistActionResult>({ error: texts.api(formErrorMessage(error)) });
  }
};
