import booking from './booking';
import common from './common';
import shell from './shell';
import auth from './auth';
import home from './home';
import settings from './settings';
import errors from './errors';
import validation from './validation';
import legal from './legal';
import communications from './communications';
import documents from './documents';
import forms from './forms';
import content from './content';
import community from './community';
import carePlan from './carePlan';
import events from './events';
import video from './video';
import patientLinks from './patientLinks';

/**
 * The portal's English catalogue, one namespace per area of the portal (each a file of its own so
 * areas are translated side by side). Spanish must have every key (catalogue/es/index.ts).
 */
export const en = {
  common,
  shell,
  auth,
  home,
  settings,
  errors,
  validation,
  legal,
  communications,
  documents,
  forms,
  content,
  community,
  carePlan,
  events,
  video,
  booking,
  patientLinks,
};
