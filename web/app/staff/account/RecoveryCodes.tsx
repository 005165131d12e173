import { useEffect, useRef, useState } from 'react';
import { Link as RemixLink } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';

/** The codes as a text file a person can keep: one a line, with what they are for. */
export const recoveryCodesText = (codes: string[], email: string) =>
  [`Recovery codes for ${email}`, 'Each code signs you in once, in place of the code we email you.', '', ...codes, ''].join('\n');

/**
 * The recovery codes configure-mfa answered, shown this once (the api keeps only their hashes): a
 * warning, the codes, Copy and Download, and a way on. Focus moves to the heading so a screen reader
 * reads the warning first.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(codes, email);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      // Without clipboard access the codes stay selectable, and Download still works.
      setCopied('no');
    }
  };
  return (
    <Alert color="warning" variant="soft" sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1.5 }}>
      <Typography level="title-md" component="h3" id="recovery-codes" ref={heading} tabIndex={-1} sx={{ outline: 'none', fontWeight: 'lg' }}>
        Save your recovery codes now
      </Typography>
      <Typography level="body-sm">
        If you cannot reach your email, each code signs you in once in place of the emailed code. They are shown only this once: keep them somewhere safe, such as a password manager,
        and never share them.
      </Typography>
      <Box
        component="ol"
        aria-labelledby="recovery-codes"
        sx={{ m: 0, p: 1.5, listStyle: 'none', display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, gap: 1, bgcolor: 'background.surface', borderRadius: 'sm' }}
      >
        {codes.map((code) => (
          <Typography key={code} component="li" sx={{ fontFamily: 'code', fontSize: 'md', letterSpacing: '0.05em' }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        <Button variant="outlined" onClick={copy}>
          Copy the codes
        </Button>
        <Button component="a" variant="outlined" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          Download the codes
        </Button>
        <Button component={RemixLink} to="/staff/account" sx={{ ml: { sm: 'auto' } }}>
          I have saved them
        </Button>
      </Stack>
      <Typography level="body-xs" role="status" sx={{ minHeight: '1.2em' }}>
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Your browser did not allow copying: select the codes and copy them, or download them.' : ''}
      </Typography>
    </Alert>
  );
}
