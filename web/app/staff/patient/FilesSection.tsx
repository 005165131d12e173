import { useEffect, useRef } from 'react';
import Box from '@mui/joy/Box';
import Checkbox from '@mui/joy/Checkbox';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';

export interface FileView {
  id: string;
  name: string;
  shared: boolean;
  fromPatient: boolean;
  when: string;
}

function UploadForm() {
  const { fetcher, busy, state, problem } = useSectionForm();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.saved) formRef.current?.reset();
  }, [state]);
  return (
    <fetcher.Form method="post" encType="multipart/form-data" ref={formRef}>
      <input type="hidden" name="intent" value="file-upload" />
      <Stack gap={1}>
        <FormControl error={!!problem('file')}>
          <FormLabel htmlFor="patient-file">Upload a file</FormLabel>
          <input id="patient-file" type="file" name="file" aria-describedby={problem('file') ? 'patient-file-problem' : undefined} />
          {problem('file') && <FormHelperText id="patient-file-problem">{problem('file')}</FormHelperText>}
        </FormControl>
        <Checkbox name="share" value="on" label="Share to the patient's portal" size="sm" />
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Button type="submit" size="sm" loading={busy}>
            Upload
          </Button>
          <FormNotice state={state} />
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

function ShareButton({ file }: { file: FileView }) {
  const { fetcher, busy, state } = useSectionForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="file-share" />
      <input type="hidden" name="fileId" value={file.id} />
      <input type="hidden" name="shared" value={file.shared ? 'false' : 'true'} />
      <Button type="submit" size="sm" variant="plain" loading={busy} aria-label={file.shared ? `Stop sharing ${file.name}` : `Share ${file.name} to the portal`}>
        {file.shared ? 'Stop sharing' : 'Share to portal'}
      </Button>
      {state?.formError && <FormNotice state={state} />}
    </fetcher.Form>
  );
}

/** The patient's files: upload (optionally shared to their portal), download, share or stop sharing. */
export function FilesSection({ files, enduserId, canUpload, canShare }: { files: FileView[]; enduserId: string; canUpload: boolean; canShare: boolean }) {
  return (
    <RecordSection id="patient-files" title="Files" empty={files.length === 0 && (canUpload ? 'No files yet. Upload one here; share it to let the patient see it.' : 'No files yet.')}>
      {canUpload && <UploadForm />}
      {files.length > 0 && (
        <Box component="ul" aria-label="Files" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {files.map((file) => (
            <Stack component="li" key={file.id} direction="row" flexWrap="wrap" alignItems="center" gap={1} sx={{ py: 0.75, borderTop: '1px solid', borderColor: 'divider' }}>
              <Link href={`/staff/patients/${enduserId}/files/${file.id}`} download sx={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-label={`Download ${file.name}`}>
                {file.name}
              </Link>
              <Typography level="body-xs">{file.fromPatient ? `from the patient, ${file.when}` : file.when}</Typography>
              <Chip size="sm" variant="soft" color={file.shared || file.fromPatient ? 'success' : 'neutral'}>
                {file.fromPatient ? 'In their portal' : file.shared ? 'Shared' : 'Staff only'}
              </Chip>
              {canShare && !file.fromPatient && <ShareButton file={file} />}
            </Stack>
          ))}
        </Box>
      )}
    </RecordSection>
  );
}
