import { JOURNEY_ACTIONS, JOURNEY_EVENTS, type CatalogueEntry, type NameOf, type Picker } from '@carelane/automation';

/** A journey's automation step as the flowchart reads it; `trigger` and `summary` are its sentences when the loader named them (describeSteps). */
export interface FlowStep {
  id: string;
  events: { type: string; info?: Record<string, unknown> }[];
  action: { type: string; info?: Record<string, unknown> };
  flowchartUI?: { x?: number; y?: number };
  trigger?: string;
  summary?: string;
}

export interface PlacedStep {
  id: string;
  x: number;
  y: number;
  trigger: string;
  summary: string;
}

export const BOX = { width: 240, height: 64, gapX: 40, gapY: 56 } as const;

/** The step another step follows (afterAction, formResponse, formUnsubmitted, ticketCompleted, waitForTrigger all name it). */
export const parentOf = (step: FlowStep) => {
  const info = step.events[0]?.info ?? {};
  return typeof info.automationStepId === 'string' ? info.automationStepId : undefined;
};

/** What starts a step, in words, naming the records it points at ("3 days after 'Send email 'Welcome''"). */
export const triggerText = (step: FlowStep, nameOf: NameOf = () => undefined) => {
  const event = step.events[0];
  if (!event) return 'No event';
  const entry = (JOURNEY_EVENTS as Record<string, CatalogueEntry | undefined>)[event.type];
  return entry ? entry.describe(event.info ?? {}, nameOf) : 'An event this console does not know';
};

/** What a step does, in words ("Send email 'Welcome'"). */
export const actionText = (step: FlowStep, nameOf: NameOf = () => undefined) => {
  const entry = (JOURNEY_ACTIONS as Record<string, CatalogueEntry | undefined>)[step.action.type];
  return entry ? entry.describe(step.action.info ?? {}, nameOf) : 'An action this console does not know';
};

/** Names of the records steps point at, by picker, as the console lists them. */
export type NamedChoices = Partial<Record<Picker, { id: string; label: string }[]>>;

/**
 * Each step's two sentences, with every template, form, staff member, journey and trigger by name
 * and every step it follows by what that step does.
 */
export const describeSteps = (steps: FlowStep[], choices: NamedChoices) => {
  const lookup = new Map(Object.entries(choices).flatMap(([picker, list]) => (list ?? []).map((choice) => [`${picker}:${choice.id}`, choice.label] as const)));
  const records: NameOf = (picker, id) => lookup.get(`${picker}:${String(id)}`);
  const actions = new Map(steps.map((step) => [step.id, actionText(step, records)]));
  const nameOf: NameOf = (picker, id) => (picker === 'step' ? actions.get(String(id)) : records(picker, id));
  return new Map(steps.map((step) => [step.id, { trigger: triggerText(step, nameOf), summary: actions.get(step.id)! }]));
};

/**
 * Places each step: at its flowchartUI position when it has one, else in rows by depth from the
 * steps it follows (onJourneyStart on top), side by side within a row.
 */
export const placeSteps = (steps: FlowStep[]): { placed: PlacedStep[]; edges: { from: string; to: string }[]; width: number; height: number } => {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const depth = new Map<string, number>();
  const depthOf = (step: FlowStep, seen = new Set<string>()): number => {
    const known = depth.get(step.id);
    if (known !== undefined) return known;
    const parent = parentOf(step);
    const parentStep = parent ? byId.get(parent) : undefined;
    const value = parentStep && !seen.has(step.id) ? depthOf(parentStep, new Set([...seen, step.id])) + 1 : 0;
    depth.set(step.id, value);
    return value;
  };
  const rows = new Map<number, number>();
  const placed = steps.map((step) => {
    const level = depthOf(step);
    const column = rows.get(level) ?? 0;
    rows.set(level, column + 1);
    const ui = step.flowchartUI;
    const x = typeof ui?.x === 'number' ? ui.x : column * (BOX.width + BOX.gapX);
    const y = typeof ui?.y === 'number' ? ui.y : level * (BOX.height + BOX.gapY);
    return { id: step.id, x, y, trigger: step.trigger ?? triggerText(step), summary: step.summary ?? actionText(step) };
  });
  const minX = Math.min(0, ...placed.map((step) => step.x));
  const minY = Math.min(0, ...placed.map((step) => step.y));
  for (const step of placed) {
    step.x -= minX;
    step.y -= minY;
  }
  const edges = steps.flatMap((step) => {
    const parent = parentOf(step);
    return parent && byId.has(parent) ? [{ from: parent, to: step.id }] : [];
  });
  return {
    placed,
    edges,
    width: Math.max(BOX.width, ...placed.map((step) => step.x + BOX.width)) + 2,
    height: Math.max(BOX.height, ...placed.map((step) => step.y + BOX.height)) + 2,
  };
};
