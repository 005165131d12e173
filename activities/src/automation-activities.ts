import type { DataSource } from 'typeorm';
import type { AutomationDeps } from './automation-action-context';
import { heartbeating } from './automation-records';
import type { JourneyRef, RunStepResult } from '@carelane/automation';
import { createRunStep } from './run-step';
import { createStepScheduling } from './step-scheduling';
import { createStepSettling } from './step-settling';

/**
 * Activities behind a journey run's steps. Every step is mirrored as an automated_actions row whose
 * id the workflow chose: scheduled (active, processAfter), then finished, cancelled or error. Each
 * activity is idempotent: a retry finds its own earlier writes, and a send that may have left the
 * building is never repeated. Scheduling, carrying out and settling a step each have a file.
 */
export const createAutomationActivities = ({ dataSource, ...deps }: { dataSource: DataSource } & AutomationDeps) => {
  const runStep = createRunStep({ dataSource, ...deps });
  return {
    ...createStepScheduling({ dataSource }),
    /**
     * Carries out a due automated action. Conditions (journey state, enduser fields and tags) are
     * checked against the enduser as they are now; writes happen in the transaction that marks the
     * action finished; sends are claimed in the ledger (committed) before they leave and marked "sent"
     * after, so a retry after a crash does not send again; a crash between the two is in doubt
     * (channels/delivery.ts says what a retry then does).
     */
    async runStep(input: JourneyRef & { id: string; workflowId: string; journeyContext?: Record<string, unknown> }): Promise<RunStepResult> {
      return heartbeating(() => runStep(input));
    },

    ...createStepSettling({ dataSource }),
  };
};

export type AutomationActivities = ReturnType<typeof createAutomationActivities>;
