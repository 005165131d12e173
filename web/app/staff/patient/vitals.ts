/**
 * The vital signs a clinic records at a visit, as enduser_observations of category vital-signs
 * (docs/contract/entities.md#work-items). Each kind is stored with its LOINC code, so a reading recorded here and one
 * another system sent through the api are the same kind; units are the ones US clinics chart in.
 * Blood pressure is two readings (systolic and diastolic) taken together.
 */
export interface VitalKind {
  key: string;
  /** What the record calls it. */
  label: string;
  code: string;
  unit: string;
  /** Readings outside this are refused as a slip of the keyboard (a weight of 1,800 lb). */
  range: [number, number];
}

export const VITAL_KINDS: VitalKind[] = [
  { key: 'weight', label: 'Weight', code: '29463-7', unit: 'lb', range: [1, 1000] },
  { key: 'height', label: 'Height', code: '8302-2', unit: 'in', range: [10, 100] },
  { key: 'systolic', label: 'Systolic', code: '8480-6', unit: 'mmHg', range: [40, 300] },
  { key: 'diastolic', label: 'Diastolic', code: '8462-4', unit: 'mmHg', range: [20, 200] },
  { key: 'heartRate', label: 'Heart rate', code: '8867-4', unit: 'beats/min', range: [20, 300] },
  { key: 'temperature', label: 'Temperature', code: '8310-5', unit: '°F', range: [80, 115] },
  { key: 'respiratoryRate', label: 'Breathing rate', code: '9279-1', unit: 'breaths/min', range: [2, 80] },
  { key: 'oxygen', label: 'Oxygen level', code: '59408-5', unit: '%', range: [50, 100] },
  { key: 'glucose', label: 'Blood sugar', code: '2339-0', unit: 'mg/dL', range: [10, 1000] },
];

/** One measurement as the record shows it: '180 lb', '120/80 mmHg'. */
export interface VitalValue {
  label: string;
  value: string;
}

/** Readings taken together (one visit's vitals, or one the api recorded alone). */
export interface VitalSet {
  /** The ids of its readings, for "Entered in error" and "Mark reviewed". */
  ids: string[];
  /** When they were taken (ms), for the timeline. */
  at: number;
  when: string;
  values: VitalValue[];
  notes: string;
  /** Recorded by the patient themself (through the api), and not yet looked at by staff. */
  fromPatient: boolean;
  reviewed: boolean;
}

export interface VitalsView {
  /** The newest reading of each kind, in the kinds' order. */
  latest: (VitalValue & { when: string; /** 'Up 3 lb since Nov 27, 2026', against the reading before. */ change?: string })[];
  /** Every set, newest first (readings entered in error left out). */
  sets: VitalSet[];
}
