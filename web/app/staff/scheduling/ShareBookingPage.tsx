import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { CopyField } from './CopyField';

/** Where patients find the page: its public link (opened in a new tab here) and an embed snippet, each with a Copy button. */
export function ShareBookingPage({ link, embed }: { link: string; embed: string }) {
  return (
    <Sheet variant="soft" component="section" aria-labelledby="share-heading" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Stack gap={1.5}>
        <Typography id="share-heading" level="title-lg" component="h2">
          Share this page
        </Typography>
        <CopyField label="Public link" value={link} />
        <CopyField label="Embed code for your website" value={embed} rows={2} />
        <Link href={link} target="_blank" rel="noopener" level="body-sm">
          Open the booking page (new tab)
        </Link>
      </Stack>
    </Sheet>
  );
}
