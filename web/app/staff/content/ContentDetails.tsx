import { useCallback } from 'react';
import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { contentFileLink, staffLinkOf } from './content-links';
import { CONTENT_TYPES, type ContentValues, type UploadedFile } from './content-values';
import { UploadButton } from './UploadButton';

type MessageFor = (name: string) => string | undefined;

/** Title, category, description, the kind of item (set once, when it is made) and the header photo. */
export function ContentDetails({ control, setValue, values, messageFor, isNew, canEdit }: {
  control: Control<ContentValues>;
  setValue: UseFormSetValue<ContentValues>;
  values: Pick<ContentValues, 'headerPhoto' | 'type' | 'attachment'>;
  messageFor: MessageFor;
  isNew: boolean;
  canEdit: boolean;
}) {
  const photoUploaded = useCallback((file: UploadedFile) => setValue('headerPhoto', contentFileLink(file), { shouldDirty: true }), [setValue]);
  const attachmentUploaded = useCallback((file: UploadedFile) => setValue('attachment', file, { shouldDirty: true, shouldValidate: true }), [setValue]);
  const text = (name: 'title' | 'category' | 'description', label: string, hint?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl error={!!messageFor(name)} required={name === 'title'}>
          <FormLabel>{label}</FormLabel>
          {name === 'description' ? <Textarea {...field} minRows={2} readOnly={!canEdit} /> : <Input {...field} readOnly={!canEdit} />}
          {(messageFor(name) ?? hint) && <FormHelperText>{messageFor(name) ?? hint}</FormHelperText>}
        </FormControl>
      )}
    />
  );
  return (
    <Stack gap={2}>
      {text('title', 'Title')}
      {text('category', 'Category', 'Patients see items grouped by category, e.g. Nutrition.')}
      {text('description', 'Short description')}
      <Controller
        name="type"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="content-type-label">Kind</FormLabel>
            {isNew ? (
              <RadioGroup orientation="horizontal" aria-labelledby="content-type-label" value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                {CONTENT_TYPES.map((type) => (
                  <Radio key={type} value={type} label={type} disabled={!canEdit} />
                ))}
              </RadioGroup>
            ) : (
              <Typography>{field.value}</Typography>
            )}
            <FormHelperText>{isNew ? 'An article is written here in blocks; a PDF or a video is a file you upload. It cannot be changed later.' : 'Set when the item was made.'}</FormHelperText>
          </FormControl>
        )}
      />
      {values.type !== 'Article' && (
        <FormControl error={!!messageFor('attachment')}>
          <FormLabel>{values.type === 'PDF' ? 'The PDF' : 'The video'}</FormLabel>
          <Typography level="body-sm">{values.attachment ? `Uploaded: ${values.attachment.name}` : 'No file yet.'}</Typography>
          {canEdit && <UploadButton label={values.attachment ? `Replace the ${values.type === 'PDF' ? 'PDF' : 'video'}` : `Upload the ${values.type === 'PDF' ? 'PDF' : 'video'}`} accept={values.type === 'PDF' ? 'application/pdf' : 'video/*'} onUploaded={attachmentUploaded} />}
          {messageFor('attachment') && <FormHelperText>{messageFor('attachment')}</FormHelperText>}
        </FormControl>
      )}
      <Stack gap={1}>
        <Typography level="title-sm" component="h2">
          Header photo
        </Typography>
        {values.headerPhoto ? <Box component="img" src={staffLinkOf(values.headerPhoto)} alt="The header photo" sx={{ width: 240, maxWidth: '100%', height: 120, objectFit: 'cover', borderRadius: 'sm', alignSelf: 'flex-start', border: '1px solid', borderColor: 'divider' }} /> : <Typography level="body-sm">None: the item shows without one.</Typography>}
        {canEdit && (
          <Stack direction="row" gap={1} flexWrap="wrap">
            <UploadButton label={values.headerPhoto ? 'Replace the header photo' : 'Upload a header photo'} accept="image/*" onUploaded={photoUploaded} />
            {values.headerPhoto && (
              <Button size="sm" variant="plain" color="danger" onClick={() => setValue('headerPhoto', '', { shouldDirty: true })}>
                Remove the header photo
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
