import type { DataSource } from 'typeorm';
import { createJourneyActivities } from './journey-activities';

/** Every activity, given its clients by injection so tests pass real services of their own. */
export const createActivities = (deps: { dataSource: DataSource }) => ({
  ...createJourneyActivities(deps),
});

export type Activities = ReturnType<typeof createActivities>;
