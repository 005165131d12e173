import * as v from './validators';

/**
 * Nested shapes of enduser care records: observations such as vital signs
 * (docs/contract/entities.md#work-items). Every object rejects unknown keys, as objectOf does.
 */

const { required } = v;

export const OBSERVATION_CATEGORIES = ['vital-signs'] as const;
export const OBSERVATION_STATUSES = [
  'entered-in-error', 'amended', 'cancelled', 'corrected', 'final', 'preliminary', 'registered', 'unknown',
] as const;

export const measurement = v.objectOf({ unit: required(v.string()), value: required(v.number()) });
