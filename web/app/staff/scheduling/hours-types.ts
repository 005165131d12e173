/** The working-hours page's shapes, shared by its server module and its components. */
export interface WindowValue {
  /** Sunday = 0 */
  day: number;
  /** "HH:MM" on the hours' clock */
  start: string;
  end: string;
  /** Offered at this location only; '' for every location. */
  locationId: string;
}

export interface HoursValues {
  timezone: string;
  windows: WindowValue[];
}

export interface ExceptionRow {
  id: string;
  /** YYYY-MM-DD; none for a weekly extra window. */
  date?: string;
  day: number;
  start: number;
  end: number;
  unavailable: boolean;
  active: boolean;
}

export interface PreviewDay {
  key: string;
  /** The day's first instant on the viewer's clock. */
  start: number;
  slots: number[];
}

export type HoursActionResult = { form: 'hours' | 'exception'; saved?: string; problem?: { field?: string; message: string } };
