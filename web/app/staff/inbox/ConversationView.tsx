import { useEffect, useState } from 'react';
import { Form, Link as RemixLink, useActionData, useFetcher, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import JoyLink from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { InboxData } from './inbox.server';
import { CHANNEL_LABEL } from './types';
import { SelectBox } from '../SelectBox';

type Open = NonNullable<InboxData['open']>;
type Named = { id: string; name: string };
type ActionAnswer = { error?: string; draft?: string; subject?: string } | undefined;

/** The conversation's buttons: assign to a colleague, close or reopen, mark unread. */
function ConversationActions({ open, conversation, colleagues }: { open: Open; conversation: string; colleagues: Named[] }) {
  const others = colleagues.filter((person) => !open.assigneeIds.includes(person.id));
  const assignable = others.length > 0 && (!!open.room || !!open.enduserId);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end' }}>
      {/* Offered only when someone else can take it: an empty, disabled menu said nothing. */}
      {assignable && (
        <Form method="post" style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="conversation" value={conversation} />
          <input type="hidden" name="enduserId" value={open.enduserId ?? ''} />
          {open.assigneeIds.map((id) => (
            <input key={id} type="hidden" name="assigneeId" value={id} />
          ))}
          <FormControl size="sm">
            <FormLabel htmlFor="assign-to">Assign to</FormLabel>
            <SelectBox id="assign-to" name="userId">
              {others.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </SelectBox>
          </FormControl>
          <Button type="submit" size="sm" variant="outlined">
            Assign
          </Button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value={open.closed ? 'reopen' : 'close'} />
        <input type="hidden" name="conversation" value={conversation} />
        <Button type="submit" size="sm" variant="outlined">
          {open.closed ? 'Reopen' : 'Close'}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="unread" />
        <input type="hidden" name="conversation" value={conversation} />
        <Button type="submit" size="sm" variant="plain">
          Mark unread
        </Button>
      </Form>
    </Box>
  );
}

/** The reply box in the conversation's own channel (an email with its subject), with a template's text filled in for this patient. */
function Composer({ open, conversation, templates }: { open: Open; conversation: string; templates: { id: string; title: string }[] }) {
  const channel = open.key.channel;
  const answer = useActionData<ActionAnswer>();
  const template = useFetcher<ActionAnswer>();
  const navigation = useNavigation();
  const [message, setMessage] = useState('');
  const [subject, setSubject] = useState(open.subject ? (open.subject.startsWith('Re:') ? open.subject : `Re: ${open.subject}`) : '');
  useEffect(() => {
    if (template.data?.draft !== undefined) setMessage(template.data.draft);
    if (template.data?.subject) setSubject(template.data.subject);
  }, [template.data]);
  // A sent reply empties the box (the page comes back with the conversation and no error).
  useEffect(() => {
    if (navigation.state === 'idle' && !answer?.error) setMessage('');
  }, [navigation.state, answer]);
  const noPatient = !open.enduserId;
  return (
    <Sheet variant="outlined" sx={{ p: 1.5, borderRadius: 'sm', display: 'flex', flexDirection: 'column', gap: 1 }}>
      {templates.length ? (
        <template.Form method="post" style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <input type="hidden" name="intent" value="template" />
          <input type="hidden" name="conversation" value={conversation} />
          <input type="hidden" name="enduserId" value={open.enduserId ?? ''} />
          <FormControl size="sm">
            <FormLabel htmlFor="template">Template</FormLabel>
            <SelectBox id="template" name="templateId">
              {templates.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </SelectBox>
          </FormControl>
          <Button type="submit" size="sm" variant="outlined" disabled={noPatient}>
            Insert template
          </Button>
        </template.Form>
      ) : null}
      <Form method="post" encType="multipart/form-data" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="conversation" value={conversation} />
        <input type="hidden" name="enduserId" value={open.enduserId ?? ''} />
        {channel === 'Email' ? (
          <FormControl size="sm">
            <FormLabel>Subject</FormLabel>
            <Input name="subject" value={subject} onChange={(event) => setSubject(event.target.value)} />
          </FormControl>
        ) : null}
        <FormControl size="sm">
          <FormLabel>{`Reply by ${CHANNEL_LABEL[channel].toLowerCase()}`}</FormLabel>
          <Textarea name="message" minRows={2} value={message} onChange={(event) => setMessage(event.target.value)} disabled={noPatient && channel === 'SMS'} />
        </FormControl>
        {channel === 'SMS' ? null : (
          <FormControl size="sm">
            <FormLabel htmlFor="reply-file">Attach a file</FormLabel>
            <input id="reply-file" type="file" name="file" disabled={noPatient} aria-describedby="reply-file-help" />
            <Typography id="reply-file-help" level="body-xs">
              {channel === 'Email' ? 'Shared to the patient\'s portal; the email links to it.' : 'Shared to the patient\'s portal and shown in the chat.'}
            </Typography>
          </FormControl>
        )}
        {answer?.error ? (
          <Alert color="danger" role="alert" size="sm">
            {answer.error}
          </Alert>
        ) : null}
        {noPatient && channel === 'SMS' ? <Typography level="body-sm">This number matches no patient, so there is no one to reply to yet.</Typography> : null}
        <Box>
          <Button type="submit" size="sm" disabled={noPatient && channel === 'SMS'}>
            Send
          </Button>
        </Box>
      </Form>
    </Sheet>
  );
}

/** The open conversation (Chatwoot's MessagesView): the patient's whole history across channels, in order, and the reply box. */
export function ConversationView({ data }: { data: InboxData }) {
  const open = data.open!;
  const conversation = data.openKey!;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <JoyLink component={RemixLink} to={`/staff/inbox?view=${data.view}`}>Back to conversations</JoyLink>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography level="h2" sx={{ fontSize: 'xl', flexGrow: 1 }}>
          {open.patientName}
        </Typography>
        <Chip size="sm" variant="outlined">
          {CHANNEL_LABEL[open.key.channel]}
        </Chip>
        {open.closed ? <Chip size="sm">Closed</Chip> : null}
        {open.enduserId ? <JoyLink component={RemixLink} to={`/staff/patients/${open.enduserId}`}>Patient record</JoyLink> : null}
      </Box>
      <Typography level="body-sm">{open.assignees.length ? `Assigned to ${open.assignees.map((person) => person.name).join(', ')}` : 'Unassigned'}</Typography>
      <ConversationActions open={open} conversation={conversation} colleagues={data.colleagues} />
      <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1, maxHeight: { md: '55vh' }, overflowY: { md: 'auto' } }}>
        {open.history.length === 0 ? (
          <Typography component="li" level="body-sm">
            No messages yet. Write the first one below.
          </Typography>
        ) : (
          open.history.map((item) => (
            <Sheet
              component="li"
              key={`${item.channel}-${item.id}`}
              variant={item.fromPatient ? 'outlined' : 'soft'}
              color={item.fromPatient ? 'neutral' : 'primary'}
              sx={{ p: 1, borderRadius: 'sm', alignSelf: item.fromPatient ? 'flex-start' : 'flex-end', maxWidth: '85%' }}
            >
              <Typography level="body-xs">
                {item.author} · {CHANNEL_LABEL[item.channel]} · {item.when}
              </Typography>
              {item.subject ? <Typography level="title-sm">{item.subject}</Typography> : null}
              <Typography level="body-md" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.text}
              </Typography>
              {item.attachments.map((file) => (
                <Typography key={file.secureName} level="body-sm">
                  Attachment:{' '}
                  <JoyLink href={`/staff/attachments/${encodeURIComponent(file.secureName)}?${new URLSearchParams({ name: file.name })}`} download aria-label={`Download ${file.name}`}>
                    {file.name}
                  </JoyLink>
                </Typography>
              ))}
            </Sheet>
          ))
        )}
      </Box>
      <Composer key={conversation} open={open} conversation={conversation} templates={data.templates} />
    </Box>
  );
}
