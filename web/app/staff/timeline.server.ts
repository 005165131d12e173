import { retryRefusal } from '@carelane/automation';
import { ApiError } from '../api.server';
import { config } from '../config.server';
import { actionLabel, eventLabel } from './step-shapes';
import type { ListLoad, Row } from './bulk-read.server';

/** One line of an enduser's timeline: something that happened, or an automated step that will happen. */
export interface TimelineEntry {
  key: string;
  /** Milliseconds since the epoch: when it happened, or when a pending step will run. */
  at: number;
  kind: 'Email' | 'SMS' | 'Form' | 'Status' | 'Journey step' | 'Appointment';
  summary: string;
  /** Messages: whether the patient sent it (a reply) rather than the clinic. */
  inbound?: boolean;
  /** A second line: a message's text, a journey step's trigger ("2 days after “Send email 'Welcome'”"). */
  detail?: string;
  /** Forms: the response, to read and download once submitted. */
  responseId?: string;
  submitted?: boolean;
  /** A staff note started on the record and not yet submitted: its access code, to go on filling it in. */
  fillCode?: string;
  /** Automated actions: the api's status (active, finished, cancelled, error) and their journey's run. */
  status?: string;
  actionId?: string;
  journeyId?: string;
  journey?: string;
  workflowUrl?: string;
  /** A failed automated action staff may retry (the api decides again when asked). */
  retryable?: boolean;
  /** How often staff retried it, and its last error. */
  retries?: number;
  error?: string;
}

export type { Row };

const LIMIT = 200;
/** What a role may not read is left out of the timeline (the api refuses the list with 403), not the whole page. */
export const readable = async (read: () => Promise<Row[]>) => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
};

const time = (...values: unknown[]) => {
  for (const value of values) {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isFinite(ms) && ms > 0) return ms;
  }
  return 0;
};

/**
 * An appointment on the timeline at its start time: upcoming or past, and cancelled or rescheduled
 * (moved to another event) when it was. The status chip carries the same words.
 */
export const appointmentEntry = (row: Row, now: number): TimelineEntry => {
  const start = time(row.startTimeInMS);
  const status = row.cancelledAt ? 'cancelled' : row.rescheduledAt || row.rescheduledTo ? 'rescheduled' : start > now ? 'upcoming' : 'past';
  const minutes = Number(row.durationInMinutes ?? 0);
  return {
    key: `event-${row.id}`,
    at: start,
    kind: 'Appointment',
    summary: `${String(row.title ?? 'Appointment')}${minutes ? ` (${minutes} min)` : ''}${row.cancelReason && row.cancelledAt ? `: ${String(row.cancelReason)}` : ''}`,
    status,
  };
};

/**
 * The journey run's workflow id, as workflows/src/constants.ts (journeyWorkflowId) makes it; the
 * console suite checks the link against that function, so the two cannot drift apart unnoticed.
 */
const journeyWorkflowId = (businessId: string, journeyId: string, enduserId: string) => `journey-${businessId}-${journeyId}-${enduserId}`;

/** The Temporal UI's page of a workflow (TEMPORAL_UI_URL, TEMPORAL_NAMESPACE); none where no Temporal UI is configured. */
export const temporalWorkflowUrl = (workflowId: string) =>
  config.temporalUiUrl && `${config.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}`;

/** A journey step in words: what starts it and what it does (the automation catalogue's sentences, flowchart.ts describeSteps). */
export type StepWords = (row: Row) => { trigger: string; summary: string };
const labelsOnly: StepWords = (row) => ({
  trigger: eventLabel((row.event as { type?: string } | undefined)?.type ?? ''),
  summary: actionLabel((row.action as { type?: string } | undefined)?.type ?? ''),
});

/** The first lines of a message's text, for the timeline's second line. */
const snippet = (value: unknown) => {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text ? (text.length > 160 ? `${text.slice(0, 157)}…` : text) : undefined;
};

/** A message's deliveries that did not (or did not yet) reach the patient, by the api's deliveryStatus. */
const UNSENT = new Set(['scheduled', 'failed', 'skipped']);

/**
 * When a message belongs on the timeline and, when it has not gone out, why: one scheduled for later
 * sits at its sending time as 'scheduled' (the outbox can still cancel it); one that failed or was
 * skipped (an unsubscribed patient) says so rather than 'sent'.
 */
const messageTiming = (row: Row): { at: number; status?: string } => {
  const status = row.inbound !== true && typeof row.deliveryStatus === 'string' && UNSENT.has(row.deliveryStatus) ? row.deliveryStatus : undefined;
  if (status === 'scheduled' && row.sendAt) return { at: time(row.sendAt, row.createdAt), status };
  return { at: time(row.timestamp, row.createdAt), ...(status ? { status } : {}) };
};

/**
 * Where a form stands: a patient's submitted or sent and waiting; a staff note (isInternalNote, filled
 * in on the record, never sent) filled in or started.
 */
const formState = (row: Row) => {
  if (row.isInternalNote === true) return row.submittedAt ? 'filled in by staff' : 'started, not yet submitted';
  return row.submittedAt ? 'submitted' : 'sent, not yet submitted';
};

/** The lists a timeline is made of, newest first (200 each), as one bulk read asks for them (bulk-read.server.ts). */
export const timelineLoads = (enduserId: string) => {
  const mine = (model: string) => ({ model, options: { filter: { enduserId }, limit: LIMIT } });
  return {
    emails: mine('emails'),
    texts: mine('sms_messages'),
    responses: mine('form_responses'),
    statuses: mine('enduser_status_updates'),
    actions: mine('automated_actions'),
    // Calendar events the enduser attends (attendees hold { type: 'enduser', id }).
    events: { model: 'calendar_events', options: { filter: { attendees: [{ type: 'enduser', id: enduserId }] }, limit: LIMIT } },
  } satisfies Record<string, ListLoad>;
};
export type TimelineRows = Record<keyof ReturnType<typeof timelineLoads>, Row[]>;

/**
 * Everything about one enduser the console shows on a timeline, newest (or furthest ahead) first:
 * emails and texts both ways, forms, status updates and each journey step with its journey run.
 */
export const enduserTimeline = (
  { emails, texts, responses, statuses, actions, events }: TimelineRows,
  businessId: string,
  enduserId: string,
  titles: Map<string, string>,
  words: StepWords = labelsOnly,
): TimelineEntry[] => {
  const entries: TimelineEntry[] = [
    ...emails.map((row) => ({
      key: `email-${row.id}`,
      ...messageTiming(row),
      kind: 'Email' as const,
      summary: String(row.subject ?? ''),
      inbound: row.inbound === true,
      detail: snippet(row.textContent),
    })),
    ...texts.map((row) => ({ key: `sms-${row.id}`, ...messageTiming(row), kind: 'SMS' as const, summary: String(row.message ?? ''), inbound: row.inbound === true })),
    ...responses.map((row) => ({
      key: `form-${row.id}`,
      at: time(row.submittedAt, row.createdAt),
      kind: 'Form' as const,
      summary: `${String(row.formTitle ?? 'Form')} ${formState(row)}`,
      responseId: row.id,
      submitted: Boolean(row.submittedAt),
      ...(row.isInternalNote === true && !row.submittedAt && typeof row.accessCode === 'string' ? { fillCode: row.accessCode } : {}),
    })),
    ...statuses.map((row) => ({
      key: `status-${row.id}`,
      at: time(row.createdAt),
      kind: 'Status' as const,
      summary: `${titles.get(String(row.journeyId)) ?? 'Journey'}: ${String(row.status ?? '')}`,
    })),
    ...events.map((row) => appointmentEntry(row, Date.now())),
    ...actions.map((row) => {
      const journeyId = String(row.journeyId ?? '');
      const { trigger, summary } = words(row);
      return {
        key: `action-${row.id}`,
        at: time(row.processAfter, row.createdAt),
        kind: 'Journey step' as const,
        summary,
        detail: trigger,
        status: String(row.status ?? ''),
        actionId: row.id,
        journeyId,
        journey: titles.get(journeyId) ?? 'A journey',
        workflowUrl: temporalWorkflowUrl(journeyWorkflowId(businessId, journeyId, enduserId)),
        retryable: retryRefusal(row as Parameters<typeof retryRefusal>[0]) === null,
        retries: Number((row.progress as { retries?: number } | undefined)?.retries ?? 0) || undefined,
        error: row.status === 'error' ? String((row.progress as { error?: string } | undefined)?.error ?? '') || undefined : undefined,
      };
    }),
  ];
  return entries.sort((a, b) => b.at - a.at);
};
