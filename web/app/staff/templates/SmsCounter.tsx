import { SMS_MAX_LENGTH } from '@carelane/automation';
import Typography from '@mui/joy/Typography';

/** Standard text messages hold 160 characters each; longer ones go out in parts. */
const SEGMENT = 160;

/** How long the message is as a text message, up to the spec's 630 characters (before variables are filled in). */
export function SmsCounter({ text, id }: { text: string; id: string }) {
  const length = text.length;
  const over = length > SMS_MAX_LENGTH;
  const parts = Math.max(1, Math.ceil(length / SEGMENT));
  return (
    <Typography id={id} level="body-sm" color={over ? 'danger' : 'neutral'} aria-live="polite">
      As a text message: {length} of {SMS_MAX_LENGTH} characters{length > SEGMENT && !over ? ` (sent in ${parts} parts)` : ''}
      {over ? `. Text messages hold at most ${SMS_MAX_LENGTH} characters; shorten it to send it by text.` : ''}
    </Typography>
  );
}
