import Box from '@mui/joy/Box';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import LinearProgress from '@mui/joy/LinearProgress';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { useLocale } from '../i18n/useLanguage';
import { groupMessages, type ChatMessageView } from '../portal/chat';
import { formatDateTime } from '../portal/format';
import { useUploadProgress } from './useUploadProgress';
import { useHydrated } from './useHydrated';
import { useTextTypedEarly } from './useEnteredEarly';
import { useChatMessages } from './useChatMessages';

const attachmentURL = (attachment: { secureName: string; name: string }) =>
  `/communications/attachments?secureName=${encodeURIComponent(attachment.secureName)}&name=${encodeURIComponent(attachment.name)}`;

function Attachment({ attachment }: { attachment: ChatMessageView['attachments'][number] }) {
  const { t } = useTranslation('communications');
  const url = attachmentURL(attachment);
  const name = attachment.name || t('attachment');
  if (attachment.type === 'image') return <Box component="img" src={url} alt={name} sx={{ maxWidth: '100%', maxHeight: 300, borderRadius: 'sm', display: 'block' }} />;
  if (attachment.type === 'video') return <Box component="video" src={url} controls aria-label={name} sx={{ maxWidth: '100%', maxHeight: 300, display: 'block' }} />;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {name}
    </Link>
  );
}

function Message({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation('communications');
  return (
    <Stack component="li" alignItems={message.mine ? 'flex-end' : 'flex-start'} sx={{ listStyle: 'none' }}>
      <Typography level="body-xs">{message.mine ? t('you') : message.senderName || t('careTeamSender')}</Typography>
      <Sheet
        variant={message.mine ? 'solid' : 'soft'}
        color={message.mine ? 'primary' : 'neutral'}
        sx={{ px: 1.5, py: 1, borderRadius: 'lg', maxWidth: 'min(520px, 85%)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Stack gap={1}>
          {message.attachments.map((attachment) => (
            <Attachment key={attachment.secureName} attachment={attachment} />
          ))}
          {message.message ? <span>{message.message}</span> : null}
        </Stack>
      </Sheet>
    </Stack>
  );
}

/**
 * The messages of an open room and the composer. New messages appear without a reload: the page
 * asks the portal for the room's messages every few seconds (and at once after sending).
 */
export function ChatRoomView({ roomId, initialMessages, timeZone }: { roomId: string; initialMessages: ChatMessageView[]; timeZone?: string }) {
  const { t } = useTranslation('communications');
  const locale = useLocale();
  const { messages, live, refresh } = useChatMessages(roomId, initialMessages);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const hydrated = useHydrated();
  const composer = useTextTypedEarly<HTMLTextAreaElement>(setText);
  const fileInput = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const { state, upload, reset } = useUploadProgress(t('uploadFailed'));

  const lastId = messages[messages.length - 1]?.id;
  // A block body: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim() && !file) return;
    // The JSON route next to the page; the form's own action is the plain-post fallback.
    if (await upload(`/communications/${roomId}/messages`, new FormData(event.currentTarget))) {
      setText('');
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
      reset();
      await refresh();
    }
  };

  const sending = state.status === 'uploading';
  return (
    <Stack gap={2}>
      {messages.length === 0 ? <Typography>{t('noMessages')}</Typography> : null}
      <Stack component="section" aria-label={t('messages')} role="log" aria-live="polite" data-live={live ? 'socket' : 'polling'} gap={2}>
        {groupMessages(messages).map((group) => (
          <Stack key={group.messages[0].id} gap={1}>
            <Typography level="body-xs" textAlign="center" component="h2" sx={{ fontWeight: 'md' }}>
              {formatDateTime(group.startsAt, timeZone, locale)}
            </Typography>
            <Stack component="ul" gap={1} sx={{ p: 0, m: 0 }}>
              {group.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </Stack>
          </Stack>
        ))}
        <div ref={bottom} />
      </Stack>
      <form method="post" encType="multipart/form-data" action={`/communications/${roomId}`} onSubmit={onSubmit}>
        <Stack gap={1}>
          <FormControl>
            <FormLabel>{t('messageLabel')}</FormLabel>
            <Textarea
              name="message"
              minRows={2}
              maxRows={6}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ textarea: { ref: composer } }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.closest('form')?.requestSubmit();
                }
              }}
            />
          </FormControl>
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <Button component="label" variant="outlined" color="neutral" size="sm">
              {t('attach')}
              <input ref={fileInput} type="file" name="file" accept="image/*,video/*" hidden onChange={(event) => setFile(event.target.files?.[0])} />
            </Button>
            {file ? <Typography level="body-sm">{file.name}</Typography> : null}
            <Button type="submit" loading={sending} disabled={hydrated && !text.trim() && !file} sx={{ ml: 'auto' }}>
              {t('send')}
            </Button>
          </Stack>
          {sending && file ? <LinearProgress determinate value={state.percent} aria-label={t('uploading', { percent: state.percent })} /> : null}
          {state.status === 'failed' ? (
            <Typography color="danger" role="alert">
              {state.message}
            </Typography>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
