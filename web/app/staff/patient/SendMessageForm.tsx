import { useEffect, useRef, useState } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Button from '../../components/Button';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

export type Channel = { value: 'Email' | 'SMS' | 'Chat'; label: string };

/** "Send a message" on the channels this staff member may use: an email (with its subject), a text or a portal chat. */
export function SendMessageForm({ channels }: { channels: Channel[] }) {
  const { fetcher, busy, state, problem } = useSectionForm();
  const [channel, setChannel] = useState(channels[0]?.value ?? 'Email');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.saved) formRef.current?.reset();
  }, [state]);
  if (channels.length === 0) return null;
  return (
    <fetcher.Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="message" />
      <Stack gap={1}>
        <FormControl>
          <FormLabel id="message-channel">Send a message by</FormLabel>
          <RadioGroup orientation="horizontal" name="channel" value={channel} onChange={(event) => setChannel(event.target.value as Channel['value'])} aria-labelledby="message-channel" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {channels.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} size="sm" />
            ))}
          </RadioGroup>
        </FormControl>
        {channel === 'Email' && (
          <FormControl error={!!problem('subject')}>
            <FormLabel htmlFor="message-subject">Subject</FormLabel>
            <Input name="subject" slotProps={{ input: { id: 'message-subject' } }} />
            {problem('subject') && <FormHelperText>{problem('subject')}</FormHelperText>}
          </FormControl>
        )}
        <FormControl error={!!problem('message')}>
          <FormLabel htmlFor="message-text">Message</FormLabel>
          <Textarea name="message" minRows={2} slotProps={{ textarea: { id: 'message-text' } }} />
          {problem('message') && <FormHelperText>{problem('message')}</FormHelperText>}
        </FormControl>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Button type="submit" loading={busy}>
            Send
          </Button>
          <FormNotice state={state} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}
