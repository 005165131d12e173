import { IsMongoId, IsObject, IsOptional } from 'class-validator';
import { renderTemplate } from '@carelane/activities/automation-template';
import { automation_steps, journeys, organizations, templates, users, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { defineAction, type Services } from '../action';
import { simulateJourney, type SimulatedQuietHours, type SimulationStep } from '@carelane/workflows/dry-run';
import { isTimeZone } from '@carelane/automation';
import { temporalTestServerPath } from '../../automation/test-server-path';
import { planJourney, type PlanStep } from './dry-run-plan';

class DryRunJourneyInput {
  @IsMongoId({ message: 'Invalid id' })
  journeyId!: string;

  /** The made-up enduser the templates are rendered for (never stored). */
  @IsOptional()
  @IsObject({ message: 'Expected a non-null object' })
  enduser?: Record<string, unknown>;
}

/** The test enduser when the caller names none: a made-up person, never a stored record. */
export const TEST_ENDUSER = { id: 'dry-run', fname: 'Test', lname: 'Enduser', email: 'test.enduser@example.com', phone: '+15555550100' };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A record the caller may read, or null (a missing template or sender is reported on its step, not thrown). */
const readable = async (services: Services, caller: Caller, definition: ResourceDefinition, id: unknown) => {
  if (typeof id !== 'string' || !id) return null;
  return (services.engine.getOne(definition, caller, id) as Promise<Record<string, any>>).catch(() => null);
};

/**
 * The journey's steps in the order and at the times the journey workflow itself takes them, run on
 * Temporal's time-skipping test server with recording activities (workflows/src/dry-run); the
 * computed plan (dry-run-plan.ts) when the test server binary is not installed or the run fails.
 * A step's time is the step it follows's time plus the delay the workflow waited (the harness's own
 * real time between steps is left out: simulate-journey.ts).
 */
const journeyRun = async (steps: PlanStep[], defaultState: string, quietHours?: SimulatedQuietHours) => {
  const testServerPath = temporalTestServerPath();
  const plan = () => ({ entries: planJourney(steps), run: { engine: 'plan' as const } });
  if (!testServerPath) return plan();
  try {
    const simulation = await simulateJourney({ steps: steps as SimulationStep[], defaultState, testServerPath, quietHours });
    const byId = new Map(steps.map((step) => [step.id, step]));
    const entries = simulation.entries.flatMap((entry) => {
      const step = byId.get(entry.stepId);
      return step ? [{ ...entry, step }] : [];
    });
    entries.sort((a, b) => (a.atMs ?? Infinity) - (b.atMs ?? Infinity));
    return { entries, run: { engine: 'temporal-time-skipping' as const, simulatedMs: simulation.simulatedMs, truncated: simulation.truncated } };
  } catch (error) {
    console.warn(`dry run: the time-skipping run failed (${(error as Error).message}); answering the computed plan`);
    return plan();
  }
};

const MESSAGE_ACTIONS: Record<string, 'Email' | 'SMS'> = { sendEmail: 'Email', sendSMS: 'SMS' };

/**
 * POST /dry-run-journey { journeyId, enduser? } (staff who may read the journey): the journey's
 * steps as the journey workflow takes them on Temporal's time-skipping test server (`run.engine`
 * 'temporal-time-skipping'; the computed plan, 'plan', without the test server) and, for each
 * email and SMS step, its template rendered with the automation's own renderer for a made-up
 * enduser. Reads only: nothing is sent, no record is written, no enduser is touched. Why a plan and
 * not a Temporal run: docs/decisions.md, Issue 18.
 */
export const dryRunJourney = defineAction({
  method: 'post',
  path: '/dry-run-journey',
  auth: 'user',
  input: DryRunJourneyInput,
  handler: async ({ services, caller }, input) => {
    const journey = (await services.engine.getOne(journeys, caller, input.journeyId)) as Record<string, any>;
    const steps = (await services.engine.getSome(automation_steps, caller, { filter: { journeyId: input.journeyId }, limit: 1000 })) as unknown as PlanStep[];
    const given = input.enduser ?? {};
    const enduser = {
      ...TEST_ENDUSER,
      ...Object.fromEntries(['fname', 'lname', 'email', 'phone'].flatMap((key) => (text(given[key]) ? [[key, text(given[key])]] : []))),
    };
    const organization = await readable(services, caller, organizations, caller.businessId);
    // The made-up patient lives on the organization's clock; its quiet hours hold messages as the worker would.
    const quietHours = organization?.settings?.automations?.quietHours === true && isTimeZone(organization.timezone) ? { timeZone: organization.timezone as string } : undefined;
    const { entries, run } = await journeyRun(steps, String(journey.defaultState ?? 'New'), quietHours);
    const planned = [];
    for (const entry of entries) {
      const action = entry.step.action ?? { type: 'unknown' };
      const channel = MESSAGE_ACTIONS[action.type];
      let message: Record<string, unknown> | undefined;
      if (channel) {
        const template = await readable(services, caller, templates, action.info?.templateId);
        const sender = await readable(services, caller, users, action.info?.senderId);
        const context = { enduser, sender, organization, journeyContext: null };
        message = template
          ? {
              channel,
              to: channel === 'Email' ? enduser.email : enduser.phone,
              ...(channel === 'Email' ? { subject: renderTemplate(template.subject, context) } : {}),
              text: renderTemplate(template.message, context),
            }
          : { channel, problem: 'The step has no template the caller can read' };
      }
      planned.push({
        stepId: entry.step.id,
        atMs: entry.atMs,
        eventType: entry.eventType,
        afterStepId: entry.afterStepId,
        ...('heldMs' in entry && entry.heldMs ? { heldForQuietHoursMs: entry.heldMs } : {}),
        actionType: action.type,
        ...(message ? { message } : {}),
      });
    }
    return { journey: { id: journey.id, title: journey.title }, enduser, steps: planned, run };
  },
});
