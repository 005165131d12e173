import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { typedInstant } from '../calendar/appointment-actions.server';
import { VITAL_KINDS, type VitalKind, type VitalSet, type VitalValue, type VitalsView } from './vitals';

type Row = Record<string, unknown> & { id: string };

/** What the vitals forms hear back (a PatientActionState: patient-actions.server.ts answers it). */
type VitalsAnswer = { intent: string; saved?: string; formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const KIND_BY_CODE = new Map(VITAL_KINDS.map((kind) => [kind.code, kind]));
const KIND_BY_LABEL = new Map(VITAL_KINDS.map((kind) => [kind.label.toLowerCase(), kind]));

/** The kind of a reading: by its code, else by its type's words; one of neither keeps its own words. */
const kindOf = (row: Row): VitalKind | undefined => KIND_BY_CODE.get(text(row.code)) ?? KIND_BY_LABEL.get(text(row.type).toLowerCase());

const takenAt = (row: Row) => {
  for (const at of [row.recordedAt, row.timestamp, row.createdAt]) {
    const ms = typeof at === 'string' || typeof at === 'number' ? new Date(at).getTime() : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  return 0;
};

const amount = (value: number) => (Number.isInteger(value) ? String(value) : String(Number(value.toFixed(1))));

const measured = (row: Row) => {
  const measurement = row.measurement as { value?: unknown; unit?: unknown } | undefined;
  const value = typeof measurement?.value === 'number' ? amount(measurement.value) : '';
  const unit = text(measurement?.unit);
  return unit === '%' ? `${value}%` : [value, unit].filter(Boolean).join(' ');
};

/** One set's values in the kinds' order, blood pressure as 120/80 mmHg. */
const valuesOf = (rows: Row[]): VitalValue[] => {
  const known = new Map(rows.map((row) => [kindOf(row)?.key, row] as const));
  const systolic = known.get('systolic');
  const diastolic = known.get('diastolic');
  const values: VitalValue[] = [];
  for (const kind of VITAL_KINDS) {
    const row = known.get(kind.key);
    if (!row) continue;
    if (kind.key === 'systolic' && diastolic) {
      const [high, low] = [systolic, diastolic].map((reading) => (reading!.measurement as { value: number }).value);
      values.push({ label: 'Blood pressure', value: `${amount(high!)}/${amount(low!)} ${text((row.measurement as { unit?: unknown }).unit) || 'mmHg'}` });
    } else if (!(kind.key === 'diastolic' && systolic)) values.push({ label: kind.label, value: measured(row) });
  }
  for (const row of rows) if (!kindOf(row)) values.push({ label: text(row.type) || 'Measurement', value: measured(row) });
  return values;
};

/**
 * The record's vital signs: the newest of each kind, and every set of readings taken together (one
 * time), newest first, on the staff member's clock. Readings marked entered in error are left out.
 */
export const vitalsView = (observations: Row[], enduserId: string, zone: string): VitalsView => {
  const standing = observations.filter((row) => row.status !== 'entered-in-error').sort((a, b) => takenAt(b) - takenAt(a));
  const sets = new Map<number, Row[]>();
  for (const row of standing) sets.set(takenAt(row), [...(sets.get(takenAt(row)) ?? []), row]);
  const latest = new Map<string, VitalsView['latest'][number]>();
  for (const [at, rows] of sets) {
    for (const value of valuesOf(rows)) if (!latest.has(value.label)) latest.set(value.label, { ...value, when: formatIn(at, zone) });
  }
  // Each kind's change since the reading before (blood pressure's two numbers are left as they are).
  const history = new Map<string, { at: number; value: number; unit: string }[]>();
  for (const row of standing) {
    const kind = kindOf(row);
    const measurement = row.measurement as { value?: unknown; unit?: unknown } | undefined;
    if (!kind || kind.key === 'systolic' || kind.key === 'diastolic' || typeof measurement?.value !== 'number') continue;
    history.set(kind.label, [...(history.get(kind.label) ?? []), { at: takenAt(row), value: measurement.value, unit: text(measurement.unit) }]);
  }
  for (const [label, [newest, before]] of history) {
    const shown = latest.get(label);
    if (!shown || !newest || !before || newest.unit !== before.unit) continue;
    const difference = newest.value - before.value;
    const since = formatIn(before.at, zone, 'date');
    shown.change = difference === 0 ? `Same as ${since}` : `${difference > 0 ? 'Up' : 'Down'} ${amount(Math.abs(difference))}${before.unit === '%' ? '%' : ` ${before.unit}`} since ${since}`;
  }
  const order = (label: string) => {
    const index = ['Weight', 'Height', 'Blood pressure', ...VITAL_KINDS.slice(4).map((kind) => kind.label)].indexOf(label);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return {
    latest: [...latest.values()].sort((a, b) => order(a.label) - order(b.label)),
    sets: [...sets].map(([at, rows]): VitalSet => ({
      ids: rows.map((row) => row.id),
      at,
      when: formatIn(at, zone),
      values: valuesOf(rows),
      notes: [...new Set(rows.map((row) => text(row.notes)).filter(Boolean))].join(' '),
      fromPatient: rows.some((row) => row.creator === enduserId),
      reviewed: rows.every((row) => !!row.reviewedAt),
    })),
  };
};

/**
 * Records a visit's vitals: one reading per box filled in, all at the time given (now when none),
 * each checked as a number within the kind's range. Nothing is recorded when one box is wrong.
 */
export const recordVitals = async (authToken: string, enduserId: string, form: FormData, zone: string): Promise<VitalsAnswer> => {
  const intent = 'vitals';
  const values = Object.fromEntries(VITAL_KINDS.map((kind) => [kind.key, text(form.get(kind.key))]));
  const fieldErrors: Record<string, string> = {};
  const readings: { kind: VitalKind; value: number }[] = [];
  for (const kind of VITAL_KINDS) {
    const typed = values[kind.key]!;
    if (!typed) continue;
    const value = Number(typed.replace(',', '.'));
    if (!Number.isFinite(value) || value < kind.range[0] || value > kind.range[1]) fieldErrors[kind.key] = `Enter a number from ${kind.range[0]} to ${kind.range[1]} ${kind.unit}`;
    else readings.push({ kind, value });
  }
  if (!!values.systolic !== !!values.diastolic) fieldErrors[values.systolic ? 'diastolic' : 'systolic'] = 'Enter both numbers of the blood pressure';
  const day = text(form.get('vitalsDay'));
  const clock = text(form.get('vitalsTime'));
  const at = day ? typedInstant(day, clock || '00:00', zone) : Date.now();
  if (day && at === undefined) fieldErrors.vitalsDay = 'Pick a day from the calendar';
  else if (!day && clock) fieldErrors.vitalsDay = 'Pick the day they were taken';
  else if (at !== undefined && at > Date.now() + 60_000) fieldErrors.vitalsDay = 'Vitals cannot be taken in the future';
  if (Object.keys(fieldErrors).length) return { intent, fieldErrors, values };
  if (!readings.length) return { intent, formError: 'Enter at least one measurement', values };
  const recordedAt = new Date(at!).toISOString();
  const notes = text(form.get('vitalsNotes'));
  await callApi('/v1/enduser-observations', {
    method: 'POST',
    authToken,
    body: {
      create: readings.map(({ kind, value }) => ({
        enduserId,
        category: 'vital-signs',
        status: 'final',
        code: kind.code,
        type: kind.label,
        measurement: { unit: kind.unit, value },
        recordedAt,
        timestamp: recordedAt,
        ...(notes ? { notes } : {}),
      })),
    },
  });
  return { intent, saved: readings.length === 1 ? 'Vital sign recorded' : `${readings.length} vital signs recorded` };
};

/** Marks a set of readings entered in error (kept, left out of the record) or reviewed. */
export const markVitals = async (authToken: string, form: FormData, mark: 'error' | 'reviewed'): Promise<VitalsAnswer> => {
  const intent = mark === 'error' ? 'vitals-error' : 'vitals-reviewed';
  const ids = String(form.get('ids') ?? '').split(',').filter((id) => /^[0-9a-f]{24}$/.test(id));
  if (!ids.length) return { intent, formError: 'Those readings could not be found. Reload the page and try again.' };
  const updates = mark === 'error' ? { status: 'entered-in-error' } : { reviewedAt: new Date().toISOString() };
  for (const id of ids) await callApi(`/v1/enduser-observation/${id}`, { method: 'PATCH', authToken, body: { updates } });
  return { intent, saved: mark === 'error' ? 'Marked entered in error' : 'Marked reviewed' };
};

/** The record timeline's line for each set of readings: 'Weight 180 lb · Blood pressure 120/80 mmHg'. */
export const vitalEntries = (vitals: VitalsView) =>
  vitals.sets.map((set) => ({
    key: `vitals-${set.ids[0]}`,
    at: set.at,
    kind: 'Vital signs' as const,
    summary: set.values.map((value) => `${value.label} ${value.value}`).join(' · '),
    detail: set.notes || undefined,
    inbound: set.fromPatient,
  }));
