import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { scheduledChatWorkflowId, scheduledMessageWorkflowId } from '@carelane/workflows/constants';
import type { ScheduledMessageWorkflowInput } from '@carelane/workflows/scheduled-message';
import type { ScheduledChatWorkflowInput } from '@carelane/workflows/scheduled-chat';
import { businessPriority } from './fairness';

/**
 * Starts the durable workflow that sends a message at its sendAt. The connection opens on first use.
 * (Kept apart from AutomationClient while that file is being reworked; the two can share one
 * connection when they are merged.)
 */
export class MessageScheduler {
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

  /** Schedules the send; scheduling the same message twice finds the running workflow. */
  async schedule(input: ScheduledMessageWorkflowInput) {
    const client = await this.connect();
    const workflowId = scheduledMessageWorkflowId(input.resource, input.id);
    try {
      await client.workflow.start('scheduledMessageWorkflow', {
        workflowId,
        taskQueue: this.options.taskQueue,
        args: [input],
        memo: { businessId: input.businessId, resource: input.resource, recordId: input.id, sendAt: new Date(input.sendAt).toISOString() },
        ...businessPriority(input.businessId),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return workflowId;
  }

  /**
   * Holds a chat until its sendAt: starts its workflow, or tells the running one the new time
   * (signal-with-start, so a second call for the same chat never starts a second run).
   */
  async scheduleChat(input: ScheduledChatWorkflowInput) {
    const client = await this.connect();
    const workflowId = scheduledChatWorkflowId(input.id);
    await client.workflow.signalWithStart('scheduledChatWorkflow', {
      workflowId,
      taskQueue: this.options.taskQueue,
      args: [input],
      signal: 'chatSendAtChanged',
      signalArgs: [input.sendAt],
      memo: { businessId: input.businessId, resource: 'chats', recordId: input.id, sendAt: new Date(input.sendAt).toISOString() },
      ...businessPriority(input.businessId),
    });
    return workflowId;
  }

  async close() {
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    await client?.connection.close();
  }
}
