import type { Catalogue, Translation } from '../../types';
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

/** The portal's Spanish catalogue: the type makes a missing namespace or key a type error. */
export const es = {
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
} satisfies Translation<Catalogue>;
