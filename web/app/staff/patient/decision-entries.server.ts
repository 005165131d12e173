import { ApiError, callApi } from '../../api.server';

/** One decision as GET /automation-decisions answers it. */
export interface Decision {
  id: string;
  kind: 'trigger' | 'step';
  enduserId: string;
  fired: boolean;
  reason: string;
  at: string;
  trigger?: string;
  journeyId?: string;
  journey?: string;
  step?: string;
}

/** Decisions of one patient or one journey (last 30 days); none when the role may not read them. */
export const loadDecisions = async (authToken: string, query: { enduserId?: string; journeyId?: string }): Promise<Decision[]> => {
  try {
    return (await callApi<{ decisions: Decision[] }>('/v1/automation-decisions', { authToken, query: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string> })).decisions;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
};

/** The decision as a sentence: "Trigger 'VIP welcome' did not fire", "Step 'Add tags …' of 'Care path' ran". */
export const decisionTitle = (decision: Decision) =>
  decision.kind === 'trigger'
    ? `Trigger '${decision.trigger}' ${decision.fired ? 'fired' : 'did not fire'}`
    : `Step ${decision.step} of '${decision.journey}' ${decision.fired ? 'ran: its conditions held' : 'was skipped'}`;

/** Why, as the issue phrases it: "not fired: tags contains 'vip' is false (tags: [])". */
export const decisionWhy = (decision: Decision) => `${decision.fired ? 'fired' : 'not fired'}: ${decision.reason}`;
