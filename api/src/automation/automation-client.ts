import type { ResourceWebhookInput } from '@carelane/activities/resource-webhook-activities';
import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { triggerTaskQueue } from '@carelane/automation';
import type { JourneyInput } from '@carelane/workflows/journey';
import { journeyWorkflowId, journeyWorkflowIdPrefix, remindersWorkflowId, SIGNALS, triggerWorkflowId, waitlistWorkflowId, WORKFLOW_TYPES } from '@carelane/workflows/constants';
import type { WaitlistOfferInput } from '@carelane/workflows/waitlist';
import { memoFor, searchAttributesFor, SEARCH_ATTRIBUTE_TYPES, type RunSubject } from '@carelane/workflows/search-attributes';
import { inFlight } from './in-flight';
import { businessPriority } from './fairness';

type Signal = (typeof SIGNALS)[keyof typeof SIGNALS];

/**
 * Registers Carelane's search attributes on the namespace when missing. Answers false (memo only)
 * when the server does not allow it (Temporal Cloud registers them through its own tooling).
 */
export const ensureSearchAttributes = async (connection: Connection, namespace: string) => {
  try {
    const existing = await connection.operatorService.listSearchAttributes({ namespace });
    const known = new Set([...Object.keys(existing.customAttributes ?? {}), ...Object.keys(existing.systemAttributes ?? {})]);
    const missing = Object.entries(SEARCH_ATTRIBUTE_TYPES).filter(([name]) => !known.has(name));
    if (missing.length) {
      const types = { KEYWORD: 2, KEYWORD_LIST: 7 } as const;
      await connection.operatorService.addSearchAttributes({
        namespace,
        searchAttributes: Object.fromEntries(missing.map(([name, type]) => [name, types[type]])),
      });
    }
    return true;
  } catch (error) {
    console.warn(`automations: search attributes unavailable (${(error as Error).message}); runs carry a memo only`);
    return false;
  }
};

/**
 * The api's door to Temporal: it starts, signals and cancels workflows, the worker runs them. The
 * connection opens on first use so the api starts (and serves everything else) while Temporal is
 * still coming up.
 */
export class AutomationClient {
  private client?: Promise<{ client: Client; indexed: boolean }>;

  constructor(private readonly options: { address: string; namespace: string; taskQueue: string }) {}

  private connect() {
    this.client ??= Connection.connect({ address: this.options.address })
      .then(async (connection) => ({
        client: new Client({ connection, namespace: this.options.namespace }),
        indexed: await ensureSearchAttributes(connection, this.options.namespace),
      }))
      .catch((error) => {
        this.client = undefined;
        throw error;
      });
    return this.client;
  }

  /**
   * Who a run is about, as search attributes when the namespace has them (the Temporal UI shows and
   * filters by them), else as a memo. Not both: the memo would repeat the same ids, and each start
   * carries and stores it (issue 20: the api's 1,000 journey starts took 7-10 s against 4-6 s bare).
   * With them, the business as the run's fairness key (fairness.ts).
   */
  private async identity(subject: RunSubject) {
    const { client, indexed } = await this.connect();
    const searchable = indexed ? { typedSearchAttributes: searchAttributesFor(subject) } : { memo: memoFor(subject) };
    return { client, labels: { ...searchable, ...businessPriority(subject.businessId) } };
  }

  /**
   * Starts the enduser's run through a journey; a run in progress is left as it is (adding twice
   * never runs the steps twice). `startDelay` starts it later (scheduledJourneys' addAt).
   */
  async startJourney(input: JourneyInput, options: { startDelayMs?: number } = {}) {
    const { client, labels } = await this.identity({ businessId: input.businessId, enduserId: input.enduserId, journeyId: input.journeyId });
    const workflowId = journeyWorkflowId(input.businessId, input.journeyId, input.enduserId);
    try {
      await client.workflow.start(WORKFLOW_TYPES.journey, {
        workflowId,
        taskQueue: this.options.taskQueue,
        args: [input],
        ...labels,
        ...(options.startDelayMs && options.startDelayMs > 0 ? { startDelay: options.startDelayMs } : {}),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return workflowId;
  }

  /** Ends the enduser's run through a journey (removed from it); pending automated actions become cancelled. */
  async cancelJourney(businessId: string, journeyId: string, enduserId: string) {
    const { client } = await this.connect();
    await ignoreNotFound(client.workflow.getHandle(journeyWorkflowId(businessId, journeyId, enduserId)).cancel());
  }

  async signalJourney(businessId: string, journeyId: string, enduserId: string, signal: Signal, arg?: unknown) {
    const { client } = await this.connect();
    await ignoreNotFound(client.workflow.getHandle(journeyWorkflowId(businessId, journeyId, enduserId)).signal(signal, ...(arg === undefined ? [] : [arg])));
  }

  /** Signals the enduser's run through a journey; false when no run is open (never started, or ended). */
  async signalOpenJourney(businessId: string, journeyId: string, enduserId: string, signal: Signal, arg: unknown) {
    const { client } = await this.connect();
    try {
      await client.workflow.getHandle(journeyWorkflowId(businessId, journeyId, enduserId)).signal(signal, arg);
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }

  /** Ids of the running journey runs of one journey (from the visibility store, which lags a little). */
  async runningJourneyRuns(businessId: string, journeyId: string) {
    const { client } = await this.connect();
    const ids: string[] = [];
    const prefix = journeyWorkflowIdPrefix(businessId, journeyId);
    for await (const execution of client.workflow.list({ query: `WorkflowId STARTS_WITH "${prefix}" AND ExecutionStatus = "Running"` })) {
      ids.push(execution.workflowId);
    }
    return ids;
  }

  /** Cancels every run of a journey (the journey was deleted). */
  async cancelJourneyRuns(businessId: string, journeyId: string) {
    const { client } = await this.connect();
    const ids = await this.runningJourneyRuns(businessId, journeyId);
    await inFlight(ids, (workflowId) => ignoreNotFound(client.workflow.getHandle(workflowId).cancel()));
    return ids.length;
  }

  /** Signals every run of a journey (steps deleted). */
  async signalJourneyRuns(businessId: string, journeyId: string, signal: Signal, arg?: unknown) {
    const { client } = await this.connect();
    const ids = await this.runningJourneyRuns(businessId, journeyId);
    await inFlight(ids, (workflowId) => ignoreNotFound(client.workflow.getHandle(workflowId).signal(signal, ...(arg === undefined ? [] : [arg]))));
    return ids.length;
  }

  /** Starts the event's reminder run, or tells the running one the event changed. */
  async syncReminders(businessId: string, calendarEventId: string, options: { startIfMissing: boolean }) {
    const { client, labels } = await this.identity({ businessId });
    const workflowId = remindersWorkflowId(businessId, calendarEventId);
    if (!options.startIfMissing) {
      await ignoreNotFound(client.workflow.getHandle(workflowId).signal(SIGNALS.remindersChanged));
      return;
    }
    await client.workflow.signalWithStart(WORKFLOW_TYPES.reminders, {
      workflowId,
      taskQueue: this.options.taskQueue,
      args: [{ businessId, calendarEventId }],
      signal: SIGNALS.remindersChanged,
      signalArgs: [],
      ...labels,
    });
  }

  /** Offers a freed start down the waitlist; the id derived from the appointment and start offers it once. */
  async offerFreedTime(input: WaitlistOfferInput) {
    const { client, labels } = await this.identity({ businessId: input.businessId });
    try {
      await client.workflow.start(WORKFLOW_TYPES.waitlistOffer, {
        workflowId: waitlistWorkflowId(input.businessId, input.calendarEventId, input.startTimeInMS),
        taskQueue: this.options.taskQueue,
        args: [input],
        ...labels,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /**
   * Runs an automation trigger's action for an enduser once per source record (once ever with
   * `oncePerEnduser`): the deterministic id refuses a second run.
   */
  async fireTrigger(input: { businessId: string; triggerId: string; enduserId: string; sourceId?: string; oncePerEnduser?: boolean }) {
    const { client, labels } = await this.identity({ businessId: input.businessId, enduserId: input.enduserId });
    const workflowId = triggerWorkflowId(input.businessId, input.triggerId, input.enduserId, input.oncePerEnduser ? undefined : input.sourceId);
    try {
      await client.workflow.start(WORKFLOW_TYPES.trigger, {
        workflowId,
        taskQueue: triggerTaskQueue(this.options.taskQueue),
        args: [{ businessId: input.businessId, triggerId: input.triggerId, enduserId: input.enduserId, sourceId: input.sourceId }],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        ...labels,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    return workflowId;
  }

  /** Delivers one record change to the business's webhook; the delivery id is the workflow id, so a change is delivered once. */
  async deliverResourceWebhook(input: ResourceWebhookInput) {
    const { client } = await this.connect();
    try {
      await client.workflow.start(WORKFLOW_TYPES.resourceWebhook, {
        workflowId: input.deliveryId,
        taskQueue: this.options.taskQueue,
        args: [input],
        memo: { businessId: input.businessId, model: input.payload.model },
        ...businessPriority(input.businessId),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /** The Temporal client itself (tests and operations scripts). */
  async temporal() {
    return (await this.connect()).client;
  }

  async close() {
    const connected = await this.client?.catch(() => undefined);
    await connected?.client.connection.close();
  }
}

const ignoreNotFound = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
};

