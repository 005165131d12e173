import { Controller, type Control } from 'react-hook-form';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Switch from '@mui/joy/Switch';
import Typography from '@mui/joy/Typography';
import { defaultTitleOf, type DraftPage, type PortalDraft } from './portal-draft';
import { ChoiceSelect } from '../ChoiceSelect';

/** Bottom bar positions offered: the default, 1 to 8, or out of the bar. */
const POSITIONS = [
  { value: '', label: 'Default order' },
  ...Array.from({ length: 8 }, (_, index) => ({ value: String(index + 1), label: `Position ${index + 1}` })),
  { value: 'hidden', label: 'Not in the bottom bar' },
];

/** What a page is, in plain words, under its name. */
const PAGE_NOTES: Record<string, string> = {
  Home: 'Always shown, and always first.',
  'Care Plan': 'Listed only for patients with a care plan.',
  'Appointment Booking': 'Listed only when an appointment type can be booked by patients.',
  Community: 'The forums. Also switched on and off in Community.',
};

function PageRow({ page, index, control, canEdit, message }: { page: DraftPage; index: number; control: Control<PortalDraft>; canEdit: boolean; message?: string }) {
  const titleId = `page-${index}-name`;
  return (
    <Sheet variant="outlined" component="li" aria-labelledby={titleId} sx={{ borderRadius: 'sm', p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1.1fr)' }, alignItems: 'start' }}>
      <Box>
        <Typography id={titleId} level="title-md" component="h3">
          {defaultTitleOf(page.page)}
        </Typography>
        {PAGE_NOTES[page.page] && <Typography level="body-xs">{PAGE_NOTES[page.page]}</Typography>}
        {page.page !== 'Home' && (
          <Controller
            control={control}
            name={`pages.${index}.shown`}
            render={({ field }) => (
              <FormControl orientation="horizontal" disabled={!canEdit} sx={{ gap: 1, mt: 1 }}>
                <Switch checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'aria-label': `Show ${defaultTitleOf(page.page)}` } }} />
                <FormLabel>{field.value ? 'Shown' : 'Hidden'}</FormLabel>
              </FormControl>
            )}
          />
        )}
      </Box>
      <Controller
        control={control}
        name={`pages.${index}.title`}
        render={({ field }) => (
          <FormControl error={!!message} disabled={!canEdit}>
            <FormLabel>Title in the menu</FormLabel>
            <Input value={field.value} onChange={field.onChange} placeholder={defaultTitleOf(page.page)} slotProps={{ input: { 'aria-label': `${defaultTitleOf(page.page)}: title in the menu` } }} />
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name={`pages.${index}.position`}
        render={({ field }) => (
          <FormControl disabled={!canEdit}>
            <FormLabel id={`page-${index}-position`}>Phone bottom bar</FormLabel>
            <ChoiceSelect value={field.value} onChange={field.onChange} choices={POSITIONS} labelledBy={`page-${index}-position ${titleId}`} />
          </FormControl>
        )}
      />
    </Sheet>
  );
}

/**
 * The portal's pages (docs/contract/portal.md#shell): each with its title in the menu, shown or hidden,
 * and its place in the phone's bottom bar.
 */
export function PagesEditor({ pages, control, canEdit, messageFor }: { pages: DraftPage[]; control: Control<PortalDraft>; canEdit: boolean; messageFor: (path: string) => string | undefined }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {pages.map((page, index) => (
        <PageRow key={page.page} page={page} index={index} control={control} canEdit={canEdit} message={messageFor(`pages.${index}.title`)} />
      ))}
    </Box>
  );
}
