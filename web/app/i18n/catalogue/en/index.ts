import common from './common';

/**
 * The portal's English catalogue, one namespace per area of the portal (each a file of its own so
 * areas are translated side by side). Spanish must have every key (catalogue/es/index.ts).
 */
export const en = {
  common,
};
