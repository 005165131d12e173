import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { JourneyInput } from '@carelane/workflows/src/journey';
import { journeyWorkflowId } from '@carelane/workflows/src/constants';

/**
 * The api's door to Temporal: it starts and signals workflows, the worker runs them. The
 * connection opens on first use so the api starts (and serves everything else) while Temporal is
 * still coming up.
 */
export class AutomationClient {
  private client?: Promise<Client>;

  constructor(private readonly options: { address: string; namespace: string; taskQueue: string }) {}

  private connect() {
    this.client ??= Connection.connect({ address: this.options.address })
      .then((connection) => new Client({ connection, namespace: this.options.namespace }))
      .catch((error) => {
        this.client = undefined;
        throw error;
      });
    return this.client;
  }

  /** Starts the enduser's run through a journey; a run already in progress is left as it is. */
  async startJourney(input: JourneyInput) {
    const client = await this.connect();
    const workflowId = journeyWorkflowId(input.businessId, input.journeyId, input.enduserId);
    try {
      await client.workflow.start('journeyWorkflow', {
        workflowId,
        taskQueue: this.options.taskQueue,
        args: [input],
        memo: { businessId: input.businessId, enduserId: input.enduserId, journeyId: input.journeyId },
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return workflowId;
  }

  async close() {
    const client = await this.client?.catch(() => undefined);
    await client?.connection.close();
  }
}
