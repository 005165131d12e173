import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useLiveRevalidation } from '../../../live/useLiveStream';
import { ConversationList } from '../../../staff/inbox/ConversationList';
import { ConversationView } from '../../../staff/inbox/ConversationView';
import { InboxFilters } from '../../../staff/inbox/InboxFilters';
import { NewConversation } from '../../../staff/inbox/NewConversation';
import { inboxAction, loadInbox } from '../../../staff/inbox/inbox.server';

export { StaffErrorBoundary as ErrorBoundary } from '../../../staff/StaffErrorBoundary';

export const meta: MetaFunction = () => [{ title: 'Inbox · Staff' }];

export const loader = ({ request }: LoaderFunctionArgs) => loadInbox(request);
export const action = ({ request }: ActionFunctionArgs) => inboxAction(request);

/**
 * The staff inbox (issue 32; Chatwoot's inbox, docs/decisions.md "The staff inbox"): the list of
 * conversations beside the open one, the view and the open conversation in the address, live.
 * On a phone the list and the conversation take the screen in turn.
 */
export default function Inbox() {
  const data = useLoaderData<typeof loader>();
  const live = useLiveRevalidation('/staff/inbox/events');
  const opened = !!data.open;
  return (
    <Box data-live={live ? 'on' : 'off'} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography level="h1" sx={{ fontSize: 'xl2' }}>
        Inbox
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' }, gap: 2, alignItems: 'start' }}>
        <Sheet variant="outlined" component="section" aria-label="Conversation list" sx={{ borderRadius: 'sm', p: 1.5, display: { xs: opened ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <NewConversation q={data.q} view={data.view} matches={data.matches} />
          <InboxFilters view={data.view} />
          <ConversationList cards={data.conversations} view={data.view} openKey={data.openKey} nextBefore={data.nextBefore} />
        </Sheet>
        <Box component="section" aria-label="Conversation" sx={{ display: { xs: opened || data.missing ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
          {data.open ? (
            <ConversationView data={data} />
          ) : data.missing ? (
            <Alert color="warning">This conversation is not there any more, or it is not yours to read. Pick another from the list.</Alert>
          ) : (
            <Typography level="body-md" sx={{ p: 2 }}>
              Pick a conversation from the list to read it and reply.
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
