import type { Catalogue, Translation } from '../../types';
import common from './common';

/** The portal's Spanish catalogue: the type makes a missing namespace or key a type error. */
export const es = {
  common,
} satisfies Translation<Catalogue>;
