import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link as RemixLink, useActionData, useLoaderData } from '@remix-run/react';
import Checkbox from '@mui/joy/Checkbox';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { callApi, formErrorMessage } from '../../../api.server';
import { apiMessageIn } from '../../../i18n/form-error.server';
import { ChatRoomView } from '../../../components/ChatRoomView';
import { PortalPage } from '../../../components/PortalPage';
import { presenceOf } from '../../../portal/chat';
import { findRoom, markRoomRead, roomDisplayInfo, roomMessages, sendFromForm } from '../../../portal/chat.server';
import { MAX_UPLOAD_BYTES, readMultipart } from '../../../portal/files.server';
import { optionalText } from '../../../portal/resources.server';
import { pageLanguage } from '../../../portal/page-language.server';
import { displayNameOf, signedInEnduser } from '../../../portal/signed-in.server';
import { useCheckedEarly } from '../../../components/useEnteredEarly';
import { useHydrated } from '../../../components/useHydrated';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/**
 * One conversation (docs/contract/portal.md#communications): its messages grouped by date, the care team's presence (docs/contract/portal.md#presence),
 * and the composer. Opening the page marks the room read once.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['communications']);
  const { authToken, enduser } = await signedInEnduser(request);
  const roomId = params.roomId ?? '';
  const room = await findRoom(authToken, roomId);
  if (!room || room.endedAt) return { texts, room: undefined } as const;
  const info = await roomDisplayInfo(authToken, room.id);
  const [messages] = await Promise.all([roomMessages(authToken, enduser.id, room.id, info), markRoomRead(authToken, room.id).catch((error) => console.error('Marking a room read failed', error))]);
  const staff = (Array.isArray(room.userIds) ? (room.userIds as string[]) : [])
    .filter((id) => info[id])
    .map((id) => ({ id, name: displayNameOf({ ...info[id], id }), presence: presenceOf(info[id]) }));
  const groupChat = room.type === 'Group Chat';
  return {
    texts,
    room: { id: room.id, title: optionalText(room.title) },
    messages,
    staff,
    timeZone: await portalTimeZone(request, enduser),
    needsDisplayName: groupChat && !optionalText(enduser.displayName),
  } as const;
};

/** Sends a message (with at most one attachment), or saves the display name a group chat asks for. */
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { authToken, enduser } = await signedInEnduser(request);
  const roomId = params.roomId ?? '';
  const wantsJson = request.headers.get('Accept')?.includes('application/json') === true;
  const multipart = request.headers.get('Content-Type')?.startsWith('multipart/form-data') === true;
  const { t, language } = await pageLanguage(request, 'communications');
  let error: string | undefined;
  try {
    const form = multipart ? await readMultipart(request, MAX_UPLOAD_BYTES, t('fileTooLarge')) : await request.formData();
    if (form.get('intent') === 'displayName') {
      const displayName = String(form.get('displayName') ?? '').trim();
      if (!displayName || form.get('acknowledged') !== 'on') error = t('displayNameRequired');
      else await callApi(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates: { displayName } } });
    } else {
      error = await sendFromForm(authToken, enduser.id, roomId, form, t('enterMessage'));
    }
  } catch (failure) {
    error = formErrorMessage(failure);
  }
  // The api's refusal of a message (a room closed meanwhile, a file it turned down) in the patient's language.
  if (error) error = apiMessageIn(error, language);
  if (wantsJson) return data(error ? { ok: false, error } : { ok: true });
  if (error) return data({ ok: false, error }, { status: 400 });
  throw redirect(`/communications/${roomId}`);
};

function DisplayNamePrompt() {
  const { t } = useTranslation('communications');
  const [acknowledged, setAcknowledged] = useState(false);
  const tickedEarly = useCheckedEarly(setAcknowledged);
  // Without scripts the name field and Save stay enabled, and the server checks the box.
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  return (
    <Card component="section" aria-labelledby="display-name-heading" sx={{ maxWidth: 500 }}>
      <Typography id="display-name-heading" level="title-md" component="h2">
        {t('chooseDisplayName')}
      </Typography>
      <Typography level="body-sm">{t('groupChatExplained')}</Typography>
      <Form method="post">
        <input type="hidden" name="intent" value="displayName" />
        <Stack gap={1.5}>
          <Checkbox name="acknowledged" value="on" label={t('displayNameAcknowledgement')} checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} slotProps={{ input: { ref: tickedEarly } }} />
          <FormControl required disabled={hydrated && !acknowledged}>
            <FormLabel>{t('displayNameLabel')}</FormLabel>
            <Input name="displayName" />
          </FormControl>
          {actionData && 'error' in actionData && actionData.error ? (
            <Typography color="danger" role="alert">
              {actionData.error}
            </Typography>
          ) : null}
          <Button type="submit" disabled={hydrated && !acknowledged} sx={{ alignSelf: 'flex-start' }}>
            {t('saveDisplayName')}
          </Button>
        </Stack>
      </Form>
    </Card>
  );
}

export default function ChatRoomPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation('communications');
  if (!loaded.room) {
    return (
      <PortalPage>
        <Typography>{t('roomMissing')}</Typography>
        <Link component={RemixLink} to="/communications">
          {t('title')}
        </Link>
      </PortalPage>
    );
  }
  return (
    <PortalPage>
      <Link component={RemixLink} to="/communications" level="body-sm">
        ← {t('title')}
      </Link>
      <Typography level="h2" component="h1">
        {loaded.room.title ?? t('conversation')}
      </Typography>
      {loaded.staff.length ? (
        <Stack direction="row" gap={2} flexWrap="wrap" component="ul" aria-label={t('careTeam')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {loaded.staff.map((person) => (
            <Typography component="li" key={person.id} level="body-sm">
              {person.name}: <strong>{t(`presence.${person.presence}`)}</strong>
            </Typography>
          ))}
        </Stack>
      ) : null}
      {loaded.needsDisplayName ? (
        <DisplayNamePrompt />
      ) : (
        <ChatRoomView key={loaded.room.id} roomId={loaded.room.id} initialMessages={loaded.messages} timeZone={loaded.timeZone} />
      )}
    </PortalPage>
  );
}
