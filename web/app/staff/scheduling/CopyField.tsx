import { useState } from 'react';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';

/** A text to paste somewhere else (a link, an embed snippet): shown read-only, with a Copy button that says when it copied. */
export function CopyField({ label, value, rows = 1 }: { label: string; value: string; rows?: number }) {
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the text stays selectable.
      setCopied('no');
    }
  };
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
        {rows > 1 ? (
          <Textarea
            value={value}
            readOnly
            minRows={rows}
            maxRows={6}
            sx={{ flex: 1, minWidth: 0, fontFamily: 'code', fontSize: 'sm', wordBreak: 'break-all' }}
            onFocus={(event) => event.currentTarget.querySelector('textarea')?.select()}
          />
        ) : (
          <Input value={value} readOnly sx={{ flex: 1, minWidth: 0, fontFamily: 'code', fontSize: 'sm' }} onFocus={(event) => (event.target as HTMLInputElement).select()} />
        )}
        <Button variant="outlined" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </Stack>
      <Typography level="body-xs" role="status" sx={{ minHeight: '1.2em' }}>
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Your browser did not allow copying: select the text and copy it.' : ''}
      </Typography>
    </FormControl>
  );
}
