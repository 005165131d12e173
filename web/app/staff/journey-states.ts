/** One state of a journey, as the API holds it. */
export interface JourneyState {
  name: string;
  priority?: string;
}

/** The priorities a state may have (docs/contract: journeys.states[].priority), as staff pick them. */
export const STATE_PRIORITIES = ['N/A', 'Engaged', 'Disengaged'] as const;

/**
 * The states list posts one row a state: `stateName` and `statePriority`, in order. Rows left without
 * a name are dropped; a priority left out is N/A. The API checks everything and its messages are
 * shown on the field they name.
 */
export const statesOfForm = (form: FormData): JourneyState[] => {
  const priorities = form.getAll('statePriority').map(String);
  return form
    .getAll('stateName')
    .map((name, index) => ({ name: String(name).trim(), priority: priorities[index] || 'N/A' }))
    .filter((state) => state.name);
};
