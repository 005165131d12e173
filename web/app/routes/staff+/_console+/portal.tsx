import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { requireStaff } from '../../../staff/session.server';
import { draftProblems, type PortalDraft } from '../../../staff/portal/portal-draft';
import { PortalSettingsEditor } from '../../../staff/portal/PortalSettingsEditor';
import { loadPortalSettings, savePortalSettings } from '../../../staff/portal/portal-settings.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Portal · Staff' }];

/** The portal builder (issue 35): branding, sign-in screens, conversations, pages and Home, with a live preview. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  return loadPortalSettings(authToken, user);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, user } = await requireStaff(request);
  const body = (await request.json().catch(() => ({}))) as { draft?: PortalDraft };
  const draft = body.draft;
  if (!draft || !Array.isArray(draft.pages) || !draft.home || !draft.authentication) return { problem: { message: 'The settings could not be read. Reload the page and try again.' } };
  // The browser's checks, again on the server: a forged post gets the same messages.
  let problems: Record<string, string>;
  try {
    problems = draftProblems(draft);
  } catch {
    return { problem: { message: 'The settings could not be read. Reload the page and try again.' } };
  }
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (field && message) return { problem: { field, message } };
  return savePortalSettings(authToken, user, draft);
};

export default function PortalSettings() {
  const { draft, organizationName, canEditBranding, canEditPages } = useLoaderData<typeof loader>();
  return (
    <Stack gap={2}>
      <div>
        <Typography level="h2" component="h1">
          Portal
        </Typography>
        <Typography level="body-md">How {organizationName ? `${organizationName}'s` : 'your'} portal looks to patients: its colours, sign-in screens, pages and Home.</Typography>
      </div>
      <PortalSettingsEditor saved={draft} canEditBranding={canEditBranding} canEditPages={canEditPages} />
    </Stack>
  );
}
