import { useState } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Tab from '@mui/joy/Tab';
import TabList from '@mui/joy/TabList';
import TabPanel from '@mui/joy/TabPanel';
import Tabs from '@mui/joy/Tabs';
import Typography from '@mui/joy/Typography';
import { PatientPicker } from '../builders/PatientPicker';
import { useDebouncedAction } from '../builders/useDebouncedAction';
import type { PatientChoice } from '../builders/patient-choices.server';
import type { TemplatePreview as Rendered } from './templates.server';

/** How long typing pauses before the preview is rendered again. */
const PREVIEW_DELAY_MS = 400;

/**
 * What a chosen patient would receive, rendered by the server (the page's action calls the api's
 * templated-message renderer) as the staff member types: the email, and the text or chat message.
 */
export function TemplatePreview({ subject, message, html }: { subject: string; message: string; html: string }) {
  const [patient, setPatient] = useState<PatientChoice | null>(null);
  const fetcher = useDebouncedAction<{ preview?: Rendered; previewProblem?: string }>(patient ? { intent: 'preview', enduserId: patient.id, subject, message, html } : undefined, PREVIEW_DELAY_MS);
  const preview = patient ? fetcher.data?.preview : undefined;
  return (
    <Sheet component="section" aria-labelledby="preview-heading" variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
      <Stack gap={1.5}>
        <Typography id="preview-heading" level="title-lg" component="h2">
          Preview
        </Typography>
        <PatientPicker label="Preview for" hint="Variables are filled in from this patient, and you as the sender." value={patient} onChange={setPatient} />
        {!patient && <Typography level="body-sm">Choose a patient to see the message as they would get it.</Typography>}
        {patient && fetcher.data?.previewProblem && <Alert color="danger">{fetcher.data.previewProblem}</Alert>}
        {preview && (
          <Tabs aria-label="Preview as" defaultValue="email" sx={{ bgcolor: 'transparent' }}>
            <TabList>
              <Tab value="email">Email</Tab>
              <Tab value="text">Text or chat message</Tab>
            </TabList>
            <TabPanel value="email" sx={{ px: 0 }}>
              <Stack gap={1} aria-live="polite">
                <Typography level="body-sm">
                  Subject: <strong>{preview.subject}</strong>
                </Typography>
                {/* Sanitised by the api's renderer (templated-message answers sanitised HTML). */}
                <Box data-testid="email-preview" sx={{ '& p': { my: 0.5 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: preview.html }} />
              </Stack>
            </TabPanel>
            <TabPanel value="text" sx={{ px: 0 }}>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.plaintext}</Typography>
            </TabPanel>
          </Tabs>
        )}
      </Stack>
    </Sheet>
  );
}
