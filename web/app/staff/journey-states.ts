/** One state of a journey, as the API holds it. */
export interface JourneyState {
  name: string;
  priority?: string;
}

/**
 * The states box holds one state a line, 'Name' or 'Name | Priority' (Disengaged, N/A or Engaged;
 * N/A when left out). The API checks everything and its messages are shown on the field they name.
 */
export const parseStates = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', priority] = line.split('|').map((part) => part.trim());
      return { name, priority: priority || 'N/A' };
    });

/** The states box's text for stored states (the inverse of parseStates). */
export const statesText = (states: JourneyState[] = []) => states.map((state) => (state.priority && state.priority !== 'N/A' ? `${state.name} | ${state.priority}` : state.name)).join('\n');
