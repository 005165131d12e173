import { useRef, useState } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Switch from '@mui/joy/Switch';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { PortalDraft } from './portal-draft';

type Name = FieldPath<PortalDraft>;

interface FieldProps {
  control: Control<PortalDraft>;
  name: Name;
  label: string;
  hint?: string;
  message?: string;
  disabled?: boolean;
}

/** A text of the draft, with its problem (the spec's message) under it in place of the hint. */
export function DraftText({ control, name, label, hint, message, disabled, multiline, placeholder }: FieldProps & { multiline?: boolean; placeholder?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl error={!!message} disabled={disabled}>
          <FormLabel>{label}</FormLabel>
          {multiline ? (
            <Textarea minRows={2} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} name={field.name} placeholder={placeholder} />
          ) : (
            <Input value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} name={field.name} placeholder={placeholder} />
          )}
          {(message ?? hint) && <FormHelperText>{message ?? hint}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** A colour: the picker and its hex value side by side (typing a value works too). */
export function DraftColour({ control, name, label, hint, message, disabled }: FieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl error={!!message} disabled={disabled}>
          <FormLabel>{label}</FormLabel>
          <Input
            value={String(field.value ?? '')}
            onChange={field.onChange}
            name={field.name}
            startDecorator={
              <Box
                component="input"
                type="color"
                aria-label={`Pick ${label.toLowerCase()}`}
                disabled={disabled}
                value={/^#[0-9a-f]{6}$/i.test(String(field.value)) ? String(field.value) : '#000000'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
                sx={{ width: 32, height: 28, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            }
          />
          {(message ?? hint) && <FormHelperText>{message ?? hint}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

export function DraftSwitch({ control, name, label, hint, disabled }: FieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl orientation="horizontal" disabled={disabled} sx={{ gap: 1.5, alignItems: 'flex-start' }}>
          <Switch checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'aria-label': label } }} />
          <div>
            <FormLabel>{label}</FormLabel>
            {hint && <FormHelperText>{hint}</FormHelperText>}
          </div>
        </FormControl>
      )}
    />
  );
}

/**
 * An image of the portal (logo, favicon, graphics): its address, and an Upload button that stores the
 * chosen image as a public file (the presigned upload flow) and puts its address in the field.
 */
export function DraftImage({ control, name, label, hint, message, disabled }: FieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const upload = async (file: File | undefined) => {
          if (!file) return;
          setUploading(true);
          setUploadError(undefined);
          const body = new FormData();
          body.append('file', file);
          try {
            const answer = (await (await fetch('/staff/portal-images', { method: 'POST', body })).json()) as { url?: string; error?: string };
            if (answer.url) field.onChange(answer.url);
            else setUploadError(answer.error ?? 'Failed to upload file');
          } catch {
            setUploadError('Failed to upload file');
          } finally {
            setUploading(false);
            if (picker.current) picker.current.value = '';
          }
        };
        const problem = uploadError ?? message;
        return (
          <FormControl error={!!problem} disabled={disabled}>
            <FormLabel>{label}</FormLabel>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {field.value && <Box component="img" src={String(field.value)} alt="" sx={{ height: 36, maxWidth: 96, objectFit: 'contain', borderRadius: 'xs' }} />}
              <Input value={String(field.value ?? '')} onChange={field.onChange} name={field.name} placeholder="https://…" sx={{ flex: '1 1 200px', minWidth: 0 }} />
              <input ref={picker} type="file" accept="image/png,image/jpeg,image/gif,image/webp,image/x-icon" hidden aria-label={`${label}: image file`} onChange={(event) => upload(event.target.files?.[0])} />
              {!disabled && (
                <Button variant="outlined" color="neutral" loading={uploading} onClick={() => picker.current?.click()} aria-label={`Upload ${label.toLowerCase()}`}>
                  Upload
                </Button>
              )}
            </Box>
            {(problem ?? hint) && <FormHelperText>{problem ?? hint}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** A group of fields under its own heading. */
export function FieldGroup({ title, children, id }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id={id} level="title-lg" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
