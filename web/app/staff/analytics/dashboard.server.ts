import type { DashboardAnswer, DashboardBucket } from '@carelane/automation';
import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import type { ChartPoint } from './chart-points';

type Bucket = DashboardBucket;

export interface DashboardChart {
  id: string;
  title: string;
  /** What the chart counts, in a sentence. */
  about: string;
  points: ChartPoint[];
}

/** Every week of the window, oldest first, labelled by its Monday on the viewer's clock (the api counted the weeks on it). */
const weekly = (weekStarts: string[], buckets: Bucket[], timeZone: string): ChartPoint[] => {
  const counts = new Map(buckets.map((bucket) => [new Date(bucket.key).getTime(), bucket.value]));
  return weekStarts.map((start) => ({ label: `Week of ${formatIn(start, timeZone, 'date')}`, value: counts.get(new Date(start).getTime()) ?? 0 }));
};

const points = (buckets: Bucket[]): ChartPoint[] => buckets.map((bucket) => ({ label: bucket.key, value: bucket.value }));

/**
 * The dashboard's ready charts (GET /analytics-dashboard): new patients and completed forms per week
 * (weeks from Monday midnight on the viewer's clock), appointments by status, messages by channel, and
 * one chart per journey of its patients by state.
 */
export const loadDashboard = async (authToken: string, patients: string, timeZone: string): Promise<DashboardChart[]> => {
  const answer = await callApi<DashboardAnswer>('/v1/analytics-dashboard', { authToken, query: { timezone: timeZone } });
  const from = formatIn(answer.since, timeZone, 'date');
  const lower = patients.toLowerCase();
  return [
    { id: 'new-patients', title: `New ${lower} per week`, about: `${patients} added each week since ${from}.`, points: weekly(answer.weekStarts, answer.newPatients, timeZone) },
    {
      id: 'appointments',
      title: 'Appointments by status',
      about: `Appointments with a ${lower.replace(/s$/, '')} starting since ${from}.`,
      points: points(answer.appointments),
    },
    { id: 'forms', title: 'Forms completed per week', about: `Forms submitted each week since ${from}.`, points: weekly(answer.weekStarts, answer.formsCompleted, timeZone) },
    { id: 'messages', title: 'Messages by channel', about: `Messages sent and received since ${from}.`, points: points(answer.messages) },
    ...answer.journeyStates.map((journey, index) => ({
      id: `journey-${index}`,
      title: `${journey.title || 'Untitled journey'}: ${lower} by state`,
      about: `Where the ${lower} in this journey are now.`,
      points: points(journey.states),
    })),
  ];
};
