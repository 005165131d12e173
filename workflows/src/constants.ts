/** Names shared by the api (which starts workflows) and the worker (which hosts them). */
export const DEFAULT_TASK_QUEUE = 'carelane';

/** One journey run per enduser and journey: adding twice finds the running workflow instead of starting another. */
export const journeyWorkflowId = (businessId: string, journeyId: string, enduserId: string) =>
  `journey-${businessId}-${journeyId}-${enduserId}`;
