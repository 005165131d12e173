import { Form, Link as RemixLink } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { NativeSelect } from '../NativeSelect';
import { RecordSection } from '../record/RecordSection';
import type { AppointmentAnswer } from './appointment-actions.server';
import type { VisitPrep } from './visit-prep.server';

function Answer({ answer, intents }: { answer?: AppointmentAnswer; intents: string[] }) {
  if (!answer || !intents.includes(answer.intent)) return null;
  return (
    <Alert color={answer.formError ? 'danger' : 'success'} role={answer.formError ? 'alert' : 'status'} size="sm">
      {answer.formError ?? answer.notice}
    </Alert>
  );
}

const rowSx = { py: 0.75, borderTop: '1px solid', borderColor: 'divider' } as const;

/**
 * Before the visit: the to-dos and forms the patient is asked for on this appointment (their portal
 * lists them on the appointment's page, where they tick a to-do done and fill a form in), whether each
 * is done yet, and forms to add one of each. Taken back, a to-do or a form not yet filled in leaves the
 * patient's portal too.
 */
export function VisitPrepSection({ prep, patient, answer, busy, canChange }: { prep: VisitPrep; patient: { id: string; name: string }; answer?: AppointmentAnswer; busy: boolean; canChange: boolean }) {
  const patientName = patient.name;
  const empty = prep.tasks.length === 0 && prep.forms.length === 0;
  return (
    <RecordSection
      id="visit-prep"
      title="Before the visit"
      empty={empty && (canChange ? `Nothing asked of ${patientName} yet. Add a to-do or a form below: they see it on this appointment in their portal.` : `Nothing asked of ${patientName}.`)}
    >
      {!empty && (
        <Box component="ul" aria-label="Asked of the patient" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {prep.tasks.map((task) => (
            <Stack component="li" key={task.id} direction="row" flexWrap="wrap" alignItems="center" gap={1} sx={rowSx}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography level="body-sm" sx={{ overflowWrap: 'anywhere' }}>
                  {task.title}
                </Typography>
                {task.description && (
                  <Typography level="body-xs" sx={{ overflowWrap: 'anywhere' }}>
                    {task.description}
                  </Typography>
                )}
              </Box>
              <Chip size="sm" variant="soft" color={task.done ? 'success' : 'warning'}>
                {task.done ? `Done ${task.done}` : 'Not done yet'}
              </Chip>
              {canChange && (
                <Form method="post">
                  <input type="hidden" name="intent" value="prep-task-remove" />
                  <input type="hidden" name="taskId" value={task.id} />
                  <Button type="submit" size="sm" variant="plain" color="danger" disabled={busy} aria-label={`Take back: ${task.title}`}>
                    Take back
                  </Button>
                </Form>
              )}
            </Stack>
          ))}
          {prep.forms.map((form) => (
            <Stack component="li" key={form.accessCode} direction="row" flexWrap="wrap" alignItems="center" gap={1} sx={rowSx}>
              <Typography level="body-sm" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {form.title}
              </Typography>
              {form.responseId ? (
                <Link component={RemixLink} to={`/staff/patients/${encodeURIComponent(patient.id)}/responses/${encodeURIComponent(form.responseId)}`} level="body-sm" aria-label={`Read ${form.title}, submitted ${form.submitted}`}>
                  Submitted {form.submitted}
                </Link>
              ) : (
                <>
                  <Chip size="sm" variant="soft" color="warning">
                    Not filled in yet
                  </Chip>
                  {canChange && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="prep-form-remove" />
                      <input type="hidden" name="accessCode" value={form.accessCode} />
                      <Button type="submit" size="sm" variant="plain" color="danger" disabled={busy} aria-label={`Take back: ${form.title}`}>
                        Take back
                      </Button>
                    </Form>
                  )}
                </>
              )}
            </Stack>
          ))}
        </Box>
      )}
      <Answer answer={answer} intents={['prep-task', 'prep-task-remove', 'prep-form', 'prep-form-remove']} />
      {canChange && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          {/* Keyed by what is listed, so an added to-do empties the boxes (a refusal keeps what was typed). */}
          <Form method="post" key={`tasks-${prep.tasks.length}`}>
            <input type="hidden" name="intent" value="prep-task" />
            <Stack gap={1}>
              <FormControl>
                <FormLabel htmlFor="prep-task-title">New to-do for the patient</FormLabel>
                <Input slotProps={{ input: { id: 'prep-task-title', maxLength: 1000 } }} name="taskTitle" placeholder="e.g. Bring your medication list" />
              </FormControl>
              <FormControl>
                <FormLabel htmlFor="prep-task-description">Details (optional)</FormLabel>
                <Input slotProps={{ input: { id: 'prep-task-description', maxLength: 1000 } }} name="taskDescription" />
              </FormControl>
              <Button type="submit" size="sm" variant="outlined" loading={busy} sx={{ alignSelf: 'flex-start' }}>
                Add to-do
              </Button>
            </Stack>
          </Form>
          {prep.formChoices.length > 0 ? (
            <Form method="post" key={`forms-${prep.forms.length}`}>
              <input type="hidden" name="intent" value="prep-form" />
              <Stack gap={1}>
                <NativeSelect id="prep-form" label="Form to fill in before the visit" name="formId" options={['', ...prep.formChoices.map((choice) => choice.id)]} defaultValue="" labelOf={(id) => (id ? (prep.formChoices.find((choice) => choice.id === id)?.label ?? 'A form') : 'Choose a form')} />
                <Button type="submit" size="sm" variant="outlined" loading={busy} sx={{ alignSelf: 'flex-start' }}>
                  Ask for this form
                </Button>
              </Stack>
            </Form>
          ) : (
            <Typography level="body-sm">No forms to ask for yet: build one under Forms.</Typography>
          )}
        </Box>
      )}
    </RecordSection>
  );
}
