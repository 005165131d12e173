import { SectionTabs } from '../shell/SectionTabs';

export const SCHEDULING_TABS = [
  { path: '/staff/scheduling/hours', label: 'Working hours' },
  { path: '/staff/scheduling/office-hours', label: 'Office hours' },
  { path: '/staff/scheduling/types', label: 'Appointment types' },
  { path: '/staff/scheduling/locations', label: 'Locations' },
  { path: '/staff/scheduling/booking-pages', label: 'Booking pages' },
] as const;

/** The booking setup's parts, as links. */
export function SchedulingTabs() {
  return <SectionTabs label="Scheduling" tabs={SCHEDULING_TABS} />;
}
