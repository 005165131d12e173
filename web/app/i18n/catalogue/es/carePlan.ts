import type { Translation } from '../../types';
import type en from '../en/carePlan';

export default {
  titleOf: 'Plan de atención de {{name}}',
  title: 'Su plan de atención',
  empty: 'Su plan de atención aparecerá aquí.',
} satisfies Translation<typeof en>;
