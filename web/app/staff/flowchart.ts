/** A journey's automation step as the flowchart reads it. */
export interface FlowStep {
  id: string;
  events: { type: string; info?: Record<string, unknown> }[];
  action: { type: string; info?: Record<string, unknown> };
  flowchartUI?: { x?: number; y?: number };
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

/** What starts a step, in words. */
export const triggerText = (step: FlowStep) => {
  const event = step.events[0];
  if (!event) return 'No event';
  const info = event.info ?? {};
  switch (event.type) {
    case 'onJourneyStart':
      return 'When the journey starts';
    case 'afterAction':
      return `${String(info.delay ?? 0)} ${String(info.unit ?? 'Seconds').toLowerCase()} after the previous step`;
    case 'formResponse':
      return 'When the form is submitted';
    case 'formUnsubmitted':
      return `If the form is not submitted within ${String(info.delay ?? 0)} ${String(info.unit ?? 'Seconds').toLowerCase()}`;
    case 'ticketCompleted':
      return 'When the ticket is completed';
    case 'waitForTrigger':
      return 'When the trigger fires';
    default:
      return event.type;
  }
};

/** What a step does, in words (its action type and the one setting that tells most). */
export const actionText = (step: FlowStep) => {
  const info = step.action.info ?? {};
  const detail = info.status ?? info.title ?? info.templateId ?? info.formId ?? info.url;
  return detail === undefined ? step.action.type : `${step.action.type}: ${String(detail)}`;
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
    return { id: step.id, x, y, trigger: triggerText(step), summary: actionText(step) };
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
