import type { Action } from '../action';
import { downloadSuperbill } from './download-superbill';

/** Superbills: the PDF download. */
export const SUPERBILLS_ACTIONS: Action[] = [downloadSuperbill];
