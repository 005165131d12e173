import { Form, Link as RemixLink } from '@remix-run/react';
import Link from '@mui/joy/Link';
import Card from '@mui/joy/Card';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import type { FlowStep } from '../flowchart';
import { StepForm, type StepChoices } from '../StepForm';
import type { StepFormState } from '../step-shapes';

export type BuilderStep = FlowStep & { trigger: string; summary: string; enduserConditions?: unknown };

/**
 * The builder's step editor: each step in words with Edit and Delete, and the form to add a step or
 * change the one picked (every record it names is picked by name).
 */
export function ChangeSteps({ steps, choices, abilities, editStepId, state, busy }: {
  steps: BuilderStep[];
  choices: StepChoices;
  abilities: { create: boolean; update: boolean; delete: boolean };
  editStepId: string;
  state?: StepFormState;
  busy: boolean;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="manage-steps">
      <Typography level="title-lg" component="h2" id="manage-steps">
        Change steps
      </Typography>
      {state?.stepSaved && (
        <Typography role="status" color="success">
          {state.stepSaved}
        </Typography>
      )}
      {steps.length > 0 && (
        <Stack component="ul" gap={1} sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Steps to change">
          {steps.map((step) => (
            <Stack component="li" key={step.id} direction="row" gap={1} alignItems="center" flexWrap="wrap">
              <Typography sx={{ flex: '1 1 12rem' }}>
                {step.trigger}: {step.summary}
              </Typography>
              {abilities.update && (
                <Link component={RemixLink} to={`?step=${step.id}#edit-step`} aria-label={`Edit step ${step.summary}`}>
                  Edit
                </Link>
              )}
              {abilities.delete && (
                <Form method="post">
                  <input type="hidden" name="intent" value="deleteStep" />
                  <input type="hidden" name="stepId" value={step.id} />
                  <Button type="submit" size="sm" variant="outlined" color="danger" aria-label={`Delete step ${step.summary}`}>
                    Delete
                  </Button>
                </Form>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {editStepId ? (
        <>
          <Typography level="title-md" component="h3" id="edit-step">
            Edit step
          </Typography>
          <StepForm key={`${editStepId}-${JSON.stringify(steps)}`} step={steps.find((step) => step.id === editStepId)} choices={choices} state={state} busy={busy} />
          <Link component={RemixLink} to=".">Add a new step instead</Link>
        </>
      ) : (
        abilities.create && (
          <>
            <Typography level="title-md" component="h3">
              Add a step
            </Typography>
            <StepForm key={`new-${steps.length}`} choices={choices} state={state} busy={busy} />
          </>
        )
      )}
    </Card>
  );
}
