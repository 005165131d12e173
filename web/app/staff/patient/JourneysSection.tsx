import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Button from '../../components/Button';
import { RecordSection } from '../record/RecordSection';
import { FormNotice } from './FormNotice';
import { useSectionForm } from './useSectionForm';
import { ChoiceSelect } from '../ChoiceSelect';

export interface JourneyRow {
  journeyId: string;
  title: string;
  state: string;
  pending: number;
}

function CancelAll({ journey }: { journey: JourneyRow }) {
  const { fetcher, busy } = useSectionForm();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel-journey" />
      <input type="hidden" name="journeyId" value={journey.journeyId} />
      <Button type="submit" size="sm" variant="plain" color="danger" loading={busy} aria-label={`Cancel all pending steps of ${journey.title}`}>
        Cancel all
      </Button>
    </fetcher.Form>
  );
}

function AddToJourney({ choices }: { choices: { id: string; label: string }[] }) {
  const { fetcher, busy, state } = useSectionForm();
  const notice = state?.intent === 'add-journey' && <FormNotice state={state} />;
  // Once the patient is in every journey (the one just added was the last), the confirmation stays.
  if (choices.length === 0) return notice || null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="add-journey" />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
        <FormControl sx={{ flexGrow: 1 }}>
          <FormLabel id="add-journey-label">Add to a journey</FormLabel>
          <ChoiceSelect name="journeyId" required empty="Choose a journey" choices={choices.map((choice) => ({ value: choice.id, label: choice.label }))} labelledBy="add-journey-label" />
        </FormControl>
        <Button type="submit" loading={busy}>
          Add
        </Button>
      </Stack>
      {notice}
    </fetcher.Form>
  );
}

/** The patient's journeys: each one's state and pending steps (with "Cancel all"), and adding them to another. */
export function JourneysSection({ journeys, choices, canCancel, canAdd }: { journeys: JourneyRow[]; choices: { id: string; label: string }[]; canCancel: boolean; canAdd: boolean }) {
  return (
    <RecordSection id="patient-journeys" title="Journeys" empty={journeys.length === 0 && (!canAdd ? 'Not in any journey.' : choices.length ? 'Not in any journey yet. Add them to one below.' : 'Not in any journey yet. Build a journey under Journeys, then add them to it here.')}>
      {journeys.length > 0 && (
        <Table size="sm" aria-label="Journeys and states">
          <thead>
            <tr>
              <th>Journey</th>
              <th>State</th>
              <th>Pending steps</th>
            </tr>
          </thead>
          <tbody>
            {journeys.map((journey) => (
              <tr key={journey.journeyId}>
                <td>{journey.title}</td>
                <td>{journey.state}</td>
                <td>
                  <Stack direction="row" flexWrap="wrap" alignItems="center" gap={1}>
                    <span>{journey.pending}</span>
                    {canCancel && journey.pending > 0 && <CancelAll journey={journey} />}
                  </Stack>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {canAdd && <AddToJourney choices={choices} />}
    </RecordSection>
  );
}
