import { useActionData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import { useLiveRevalidation } from '../../live/useLiveStream';
import { CarePlansSection } from './CarePlansSection';
import { FilesSection } from './FilesSection';
import { FormNotice } from './FormNotice';
import type { PatientActionState } from './patient-actions.server';
import { JourneysSection } from './JourneysSection';
import { NotesSection } from './NotesSection';
import { FillFormSection } from './FillFormSection';
import { OutboxSection } from './OutboxSection';
import { PatientHeader } from './PatientHeader';
import { PatientTimeline, type ShownEntry } from './PatientTimeline';
import type { PatientView } from './patient.server';
import type { ProfileValues } from './profile-form.server';
import { ProfileSection } from './ProfileSection';
import { PurchasesSection } from './PurchasesSection';
import { DetailsSection } from './DetailsSection';
import type { DetailRow } from './details.server';
import { ReachSection } from './ReachSection';
import { TasksSection } from './TasksSection';
import { VitalsSection } from './VitalsSection';
import { CallsSection } from './CallsSection';
import { SuperbillsSection } from './SuperbillsSection';
import { RecordJumps, recordJumps } from './RecordJumps';

/** The page's data as it reaches the browser (the loader's, with its profile values and today's date). */
export type PatientPageData = Omit<PatientView, 'entries'> & { entries: ShownEntry[]; profile: ProfileValues; details: DetailRow[]; othersAllowed: boolean; today: string };

/**
 * The patient record (ARCHITECTURE.md, "The staff app"): the header, then two columns on a wide
 * screen. The left one is the day's work (reach the patient, calls, the timeline); the right one what is
 * known about them (profile, details, vital signs, journeys, notes, files, care plans, purchases, superbills, tasks). A phone stacks them in that order.
 */
export function PatientPage({ view }: { view: PatientPageData }) {
  const live = useLiveRevalidation(`/staff/patients/${view.enduser.id}/events`);
  const { can } = view;
  // A form posted without scripts (each section's fetcher answers it otherwise): the api's answer here.
  const posted = useActionData<PatientActionState>();
  return (
    <Stack gap={2}>
      <PatientHeader view={view} today={view.today} />
      <RecordJumps jumps={recordJumps(view)} />
      {(posted?.formError || posted?.retryError) && <FormNotice state={{ formError: posted.formError ?? posted.retryError }} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack gap={2} sx={{ minWidth: 0 }}>
          <ReachSection can={can} forms={view.forms} />
          <CallsSection calls={view.calls} phone={view.enduser.phone} canCreate={can['create:phone_calls']} canUpdate={can['update:phone_calls']} />
          <PatientTimeline entries={view.entries} enduserId={view.enduser.id} canChangeSteps={can['update:automated_actions']} live={live} />
        </Stack>
        <Stack gap={2} sx={{ minWidth: 0 }}>
          <ProfileSection values={view.profile} canEdit={can['update:endusers']} />
          <DetailsSection rows={view.details} canEdit={can['update:endusers']} othersAllowed={view.othersAllowed} />
          <VitalsSection vitals={view.vitals} canCreate={can['create:enduser_observations']} canUpdate={can['update:enduser_observations']} />
          <OutboxSection lines={view.outbox} canCancel={can['update:automated_actions']} />
          <JourneysSection journeys={view.journeys} choices={view.otherJourneys} canCancel={can['update:automated_actions']} canAdd={can['update:endusers']} />
          <NotesSection notes={view.notes} canCreate={can['create:notes']} canEdit={can['update:notes']} />
          <FillFormSection forms={view.forms} canFill={can['create:form_responses']} />
          <FilesSection files={view.files} enduserId={view.enduser.id} canUpload={can['create:files']} canShare={can['update:files']} />
          <CarePlansSection plans={view.carePlans} canCreate={can['create:care_plans']} canEdit={can['update:care_plans']} canDelete={can['delete:care_plans']} />
          <PurchasesSection purchases={view.purchases} />
          <SuperbillsSection superbills={view.superbills} profiles={view.billingProfiles} day={view.superbillDay} canCreate={can['create:superbills']} canDelete={can['delete:superbills']} />
          <TasksSection tasks={view.tasks} canCreate={can['create:tickets']} colleagues={view.colleagues} me={view.me} />
        </Stack>
      </Box>
    </Stack>
  );
}
