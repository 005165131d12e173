import { Form, Link as RemixLink, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RecordHeader } from '../record/RecordHeader';
import { NativeSelect } from '../NativeSelect';
import { RecordSection } from '../record/RecordSection';
import type { AppointmentAnswer } from './appointment-actions.server';
import type { AppointmentView } from './appointment.server';
import type { StaffChoice } from './staff-choices.server';
import { VisitPrepSection } from './VisitPrepSection';

const STATUS_TEXT = { confirmed: 'Confirmed', cancelled: 'Cancelled', 'no-show': 'No-show', completed: 'Completed', moved: 'Moved to another time' } as const;

function Answer({ answer, intent }: { answer?: AppointmentAnswer; intent: string }) {
  if (!answer || answer.intent !== intent) return null;
  if (answer.formError)
    return (
      <Alert color="danger" role="alert">
        {answer.formError}
      </Alert>
    );
  return (
    <Alert color="success" role="status">
      {answer.notice}
    </Alert>
  );
}

/** Move it: a date and a time on the viewer's clock, and who sees the patient. */
function RescheduleForm({ view, staffChoices, answer, busy }: { view: AppointmentView; staffChoices: StaffChoice[]; answer?: AppointmentAnswer; busy: boolean }) {
  return (
    <RecordSection id="reschedule" title="Reschedule">
      <Form method="post" key={`${view.date} ${view.clock}`}>
        <input type="hidden" name="intent" value="reschedule" />
        <Stack gap={1.5}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            <FormControl required>
              <FormLabel>New date</FormLabel>
              <Input type="date" name="date" defaultValue={view.date} />
            </FormControl>
            <FormControl required>
              <FormLabel>New time</FormLabel>
              <Input type="time" name="time" defaultValue={view.clock} slotProps={{ input: { step: 300 } }} />
            </FormControl>
            {/* A native select: it shows who sees the patient before the page's scripts run, which Joy's Select cannot. */}
            <NativeSelect
              id="reschedule-with"
              label="With"
              name="userId"
              options={staffChoices.map((member) => member.id)}
              defaultValue={view.staffId}
              labelOf={(id) => staffChoices.find((member) => member.id === id)?.label ?? 'A staff member'}
            />
          </Box>
          <Typography level="body-sm">Times are in {view.time.split(' ').pop()}. The new time must be within their working hours and free; the patient is told and their reminders move with it.</Typography>
          <Answer answer={answer} intent="reschedule" />
          <Button type="submit" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Move appointment
          </Button>
        </Stack>
      </Form>
    </RecordSection>
  );
}

function CancelForm({ answer, busy }: { answer?: AppointmentAnswer; busy: boolean }) {
  return (
    <RecordSection id="cancel" title="Cancel">
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <Stack gap={1.5}>
          <FormControl required>
            <FormLabel>Reason</FormLabel>
            <Textarea name="reason" minRows={2} placeholder="For example: the patient asked to cancel" />
          </FormControl>
          <Answer answer={answer} intent="cancel" />
          <Button type="submit" color="danger" variant="outlined" loading={busy} sx={{ alignSelf: 'flex-start' }}>
            Cancel appointment
          </Button>
        </Stack>
      </Form>
    </RecordSection>
  );
}

function MarkForm({ answer, busy }: { answer?: AppointmentAnswer; busy: boolean }) {
  return (
    <RecordSection id="outcome" title="After the appointment">
      <Answer answer={answer} intent="no-show" />
      <Answer answer={answer} intent="completed" />
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Form method="post">
          <input type="hidden" name="intent" value="completed" />
          <Button type="submit" variant="soft" color="success" loading={busy}>
            Mark completed
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="no-show" />
          <Button type="submit" variant="soft" color="warning" loading={busy}>
            Mark no-show
          </Button>
        </Form>
      </Stack>
    </RecordSection>
  );
}

/** Which of the patient's care plans the appointment belongs to: the patient's portal lists care-plan appointments. */
function CarePlanForm({ view, answer, busy }: { view: AppointmentView; answer?: AppointmentAnswer; busy: boolean }) {
  const none = '';
  const labels = new Map(view.carePlans.map((plan) => [plan.id, plan.label]));
  return (
    <RecordSection
      id="care-plan"
      title="Care plan"
      empty={view.carePlans.length === 0 && 'This patient has no care plan yet. Add one on their record, then tie this appointment to it here.'}
    >
      {view.carePlans.length > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="care-plan" />
          <Stack gap={1.5}>
            <NativeSelect
              id="appointment-care-plan"
              label="Part of"
              name="carePlanId"
              options={[none, ...view.carePlans.map((plan) => plan.id)]}
              defaultValue={view.carePlanId ?? none}
              labelOf={(id) => (id === none ? 'No care plan' : (labels.get(id) ?? 'A care plan'))}
              help="The patient sees care-plan appointments on their portal’s Care Plan page."
            />
            <Answer answer={answer} intent="care-plan" />
            <Button type="submit" variant="outlined" loading={busy} sx={{ alignSelf: 'flex-start' }}>
              Save care plan
            </Button>
          </Stack>
        </Form>
      )}
    </RecordSection>
  );
}

/**
 * One appointment: when (on the viewer's clock, the patient's beside it), who, where, its status, and
 * what staff do with it: move it, cancel it with a reason, mark how it went, ask the patient to do
 * something before it, open the patient or the video visit.
 */
export function AppointmentPage({ view, staffChoices, back, answer }: { view: AppointmentView; staffChoices: StaffChoice[]; back: string; answer?: AppointmentAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // While the forms show, each answers in its own form; once the appointment is closed (or just booked), the answer shows at the top.
  const topAnswer = answer && answer.intent !== 'care-plan' && !answer.intent.startsWith('prep-') && (!view.open || answer.intent === 'booked') ? answer : undefined;
  return (
    <Stack gap={2}>
      <RecordHeader
        back={{ to: back, label: 'Back to the calendar' }}
        title={view.patient ? `${view.title} with ${view.patient.name}` : view.title}
        subtitle={`${view.day}, ${view.time}${view.patientTime ? ` · ${view.patientTime}` : ''}`}
        actions={
          view.videoHref && view.open ? (
            <Button component={RemixLink} to={view.videoHref} size="sm">
              Start visit
            </Button>
          ) : undefined
        }
        facts={[
          {
            label: 'Status',
            value:
              view.status === 'completed' && view.patient ? (
                <>
                  {STATUS_TEXT[view.status]} ·{' '}
                  <Link component={RemixLink} to={`/staff/patients/${encodeURIComponent(view.patient.id)}?superbillDay=${view.date}#patient-superbills`}>
                    Make a superbill
                  </Link>
                </>
              ) : (
                STATUS_TEXT[view.status]
              ),
          },
          { label: 'Patient', value: view.patient ? <Link component={RemixLink} to={`/staff/patients/${encodeURIComponent(view.patient.id)}`}>{`Open ${view.patient.name}`}</Link> : 'No patient' },
          { label: 'With', value: view.staff.map((member) => member.label).join(', ') || 'Nobody on the staff' },
          { label: 'Where', value: view.where ?? 'Not set' },
          { label: 'Length', value: `${view.durationInMinutes} minutes` },
          ...(view.cancelReason ? [{ label: 'Reason for cancelling', value: view.cancelReason }] : []),
        ]}
      />
      {topAnswer && <Answer answer={topAnswer} intent={topAnswer.intent} />}
      {view.busy && <Typography level="body-md">This time is busy on a connected calendar. Its details stay in that calendar.</Typography>}
      {view.open && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
          <RescheduleForm view={view} staffChoices={staffChoices} answer={answer} busy={busy} />
          <Stack gap={2}>
            <MarkForm answer={answer} busy={busy} />
            <CancelForm answer={answer} busy={busy} />
          </Stack>
        </Box>
      )}
      {view.patient && view.prep && <VisitPrepSection prep={view.prep} patient={view.patient} answer={answer} busy={busy} canChange={view.open} />}
      {view.patient && !view.busy && <CarePlanForm view={view} answer={answer} busy={busy} />}
    </Stack>
  );
}
