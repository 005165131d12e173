import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { useLocale } from '../../../i18n/useLanguage';
import { pageLanguage } from '../../../portal/page-language.server';
import { formErrorIn } from '../../../i18n/form-error.server';
import { useLiveChats } from '../../../components/LiveChats';
import { PortalPage } from '../../../components/PortalPage';
import { CHAT_LIMITS, unreadBadge } from '../../../portal/chat';
import { enduserMayStartChat, startConversation, yourRooms } from '../../../portal/chat.server';
import { formatDateTime, truncate } from '../../../portal/format';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { useHydrated } from '../../../components/useHydrated';
import { useTextTypedEarly } from '../../../components/useEnteredEarly';
import { useQuietRevalidator } from '../../../components/useQuietRevalidator';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/** While the live channel is down, how often the list reloads itself so new messages and unread counts still show. */
const LIST_POLL_MS = 5_000;

/** Communications (docs/contract/portal.md#communications): 'Your Conversations' and, when the organization allows it, 'Start Conversation'. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['communications']);
  const { authToken, enduser } = await signedInEnduser(request);
  const [rooms, mayStart] = await Promise.all([yourRooms(authToken, enduser.id), enduserMayStartChat(enduser)]);
  return { texts, rooms, mayStart, timeZone: await portalTimeZone(request, enduser), starting: new URL(request.url).searchParams.get('start') === '1' };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const form = await request.formData();
  const { language, t } = await pageLanguage(request, 'communications');
  const message = String(form.get('message') ?? '').trim();
  const title = String(form.get('title') ?? '').trim();
  if (!message) return data({ error: t('messageRequired') }, { status: 400 });
  try {
    const room = await startConversation(authToken, enduser, title || t('conversation'), message);
    throw redirect(`/communications/${room.id}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ error: formErrorIn(error, language) }, { status: 400 });
  }
};

function StartConversation() {
  const { t } = useTranslation('communications');
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();
  const typedMessage = useTextTypedEarly<HTMLTextAreaElement>(setMessage);
  const submitting = navigation.state === 'submitting';
  return (
    <Card component="section" aria-labelledby="start-heading">
      <Typography id="start-heading" level="title-lg" component="h2">
        {t('start')}
      </Typography>
      <Form method="post">
        <Stack gap={1.5}>
          <FormControl>
            <FormLabel>{t('subject')}</FormLabel>
            <Input name="title" placeholder={t('subjectPlaceholder')} />
          </FormControl>
          <FormControl required>
            <FormLabel>{t('messageLabel')}</FormLabel>
            <Textarea name="message" minRows={3} value={message} onChange={(event) => setMessage(event.target.value)} slotProps={{ textarea: { ref: typedMessage } }} />
          </FormControl>
          {actionData?.error ? (
            <Typography color="danger" role="alert">
              {actionData.error}
            </Typography>
          ) : null}
          <Stack direction="row" gap={1}>
            <Button type="submit" loading={submitting} disabled={hydrated && !message.trim()}>
              {t('send')}
            </Button>
            <Button component={RemixLink} to="/communications" variant="plain" color="neutral">
              {t('cancel')}
            </Button>
          </Stack>
        </Stack>
      </Form>
    </Card>
  );
}

export default function Communications() {
  const { rooms, mayStart, timeZone, starting } = useLoaderData<typeof loader>();
  const revalidator = useQuietRevalidator();
  const { live } = useLiveChats();
  const { t } = useTranslation('communications');
  const locale = useLocale();

  // New conversations, messages and unread counts arrive through the shell's live channel
  // (LiveChats reloads this list); polling keeps them coming while that channel is down.
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, LIST_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator, live]);

  return (
    <PortalPage>
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
        <Typography level="h2" component="h1">
          {t('title')}
        </Typography>
        {mayStart && !starting ? (
          <Button component={RemixLink} to="?start=1">
            {t('start')}
          </Button>
        ) : null}
      </Stack>
      {mayStart && starting ? <StartConversation /> : null}
      {rooms.length === 0 ? (
        <Typography>{t('empty')}</Typography>
      ) : (
        <List aria-label={t('title')} data-live={live ? 'socket' : 'polling'} sx={{ gap: 1, p: 0 }}>
          {rooms.map((room) => {
            const badge = unreadBadge(room.unreadCount);
            return (
              <ListItem key={room.id} sx={{ p: 0 }}>
                <Card variant="outlined" sx={{ width: '100%', gap: 0.5 }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
                    <Link component={RemixLink} to={`/communications/${room.id}`} overlay level="title-md" title={room.title ?? t('conversation')}>
                      {truncate(room.title ?? t('conversation'), CHAT_LIMITS.roomTitle)}
                    </Link>
                    {badge ? (
                      <Chip color="danger" variant="solid" size="sm" aria-label={t('unread', { count: room.unreadCount })}>
                        {badge}
                      </Chip>
                    ) : null}
                  </Stack>
                  {room.recentMessage ? (
                    <Typography level="body-sm">
                      {room.recentSender ? <strong>{truncate(room.recentSender, CHAT_LIMITS.senderName)}: </strong> : null}
                      {truncate(room.recentMessage, CHAT_LIMITS.recentMessage)}
                    </Typography>
                  ) : null}
                  <Typography level="body-xs">{formatDateTime(room.updatedAt, timeZone, locale)}</Typography>
                </Card>
              </ListItem>
            );
          })}
        </List>
      )}
    </PortalPage>
  );
}
