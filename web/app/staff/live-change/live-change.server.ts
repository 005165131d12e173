import { delayInMs, UNITS_OF_TIME } from '@carelane/automation';
import { callApi, formErrorMessage } from '../../api.server';
import { formatIn } from '../../time/format';
import { describeSteps, type FlowStep } from '../flowchart';
import { patientName } from '../patient/patient-name';
import { stepChoices } from '../step-form.server';
import { readable } from '../timeline.server';

const DELAYED = ['afterAction', 'formUnsubmitted'];
type Event = FlowStep['events'][number];

/** A step that waits before it runs, by what it does and when ("3 days after 'Send email …'"), with its delay. */
export interface DelayedStep {
  id: string;
  label: string;
  delay: number;
  unit: string;
}

/** The journey's steps that wait (after a step, or for a form left unanswered), named as the journey page names them. */
export const delayedSteps = async (authToken: string, journeyId: string): Promise<{ steps: DelayedStep[]; raw: FlowStep[] }> => {
  const raw = await callApi<FlowStep[]>('/v1/automation-steps', { authToken, query: { filter: JSON.stringify({ journeyId }), limit: '1000', sort: 'oldFirst' } });
  const named = await stepChoices(authToken);
  const words = describeSteps(raw, { template: named.templates, form: named.forms, staff: named.users, journey: named.journeys, trigger: named.triggers });
  const steps = raw.flatMap((step) => {
    const event = step.events.find((candidate) => DELAYED.includes(candidate.type));
    if (!event) return [];
    const info = (event.info ?? {}) as { delay?: number; unit?: string };
    const { trigger, summary } = words.get(step.id)!;
    return [{ id: step.id, label: `${summary} (${trigger.charAt(0).toLowerCase()}${trigger.slice(1)})`, delay: Number(info.delay ?? 0), unit: String(info.unit ?? 'Days') }];
  });
  return { steps, raw };
};

interface ChangedSend {
  automatedActionId: string;
  enduserId: string;
  from?: number;
  to?: number;
}
interface Plan {
  moved: ChangedSend[];
  appeared: ChangedSend[];
  vanished: ChangedSend[];
}

/** A pending send as the preview lists it: the patient by name, times on the viewer's clock. */
export interface ShownSend {
  key: string;
  patient: string;
  from?: string;
  to?: string;
}
export interface ShownPlan {
  applied: boolean;
  stepLabel: string;
  moved: ShownSend[];
  appeared: ShownSend[];
  vanished: ShownSend[];
}

const SHOWN = 100;

/** The plan's sends with patient names (the first hundred of each list; the counts are whole). */
const shown = async (authToken: string, plan: Plan, zone: string) => {
  const ids = [...new Set([...plan.moved, ...plan.appeared, ...plan.vanished].slice(0, 3 * SHOWN).map((send) => send.enduserId))];
  const patients = ids.length ? await readable(() => callApi('/v1/endusers', { authToken, query: { filter: JSON.stringify({ _id: { $in: ids } }), limit: '1000' } })) : [];
  const names = new Map(patients.map((patient) => [patient.id, patientName(patient as Parameters<typeof patientName>[0])]));
  const line = (send: ChangedSend): ShownSend => ({
    key: send.automatedActionId,
    patient: names.get(send.enduserId) ?? 'A patient',
    ...(send.from !== undefined ? { from: formatIn(send.from, zone) } : {}),
    ...(send.to !== undefined ? { to: formatIn(send.to, zone) } : {}),
  });
  return { moved: plan.moved.map(line), appeared: plan.appeared.map(line), vanished: plan.vanished.map(line) };
};

/** The posted form: which step, its new delay; previewed (reads only) or applied. */
export const changeStep = async (authToken: string, journeyId: string, form: FormData, zone: string): Promise<{ plan?: ShownPlan; error?: string }> => {
  const stepId = String(form.get('stepId') ?? '');
  const delay = Number(form.get('delay'));
  const unit = String(form.get('unit') ?? '');
  if (!Number.isFinite(delay) || delay < 0 || !(UNITS_OF_TIME as readonly string[]).includes(unit)) return { error: 'Give the new delay as a number of days, hours, minutes or seconds' };
  const { steps, raw } = await delayedSteps(authToken, journeyId);
  const step = raw.find((candidate) => candidate.id === stepId);
  const label = steps.find((candidate) => candidate.id === stepId)?.label;
  if (!step || !label) return { error: 'Choose a step that waits before it runs' };
  const events = step.events.map((event: Event) => (DELAYED.includes(event.type) ? { ...event, info: { ...(event.info ?? {}), delay, unit, delayInMS: delayInMs({ delay, unit }) } } : event));
  const apply = form.get('intent') === 'apply';
  try {
    const plan = await callApi<Plan>(apply ? '/v1/apply-journey-step-change' : '/v1/preview-journey-step-change', { method: 'POST', authToken, body: { automationStepId: stepId, events } });
    return { plan: { applied: apply, stepLabel: label, ...(await shown(authToken, plan, zone)) } };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};
