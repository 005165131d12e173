import type { Action } from '../action';
import { formInfoForAccessCode } from './form-info-for-access-code';
import { prepareFormResponse } from './prepare-form-response';
import { submitFormResponse } from './submit-form-response';
import { sessionForPublicForm } from './session-for-public-form';
import { saveFieldResponse } from './save-field-response';

/** The form lifecycle's named calls (docs/contract/api.md#forms). */
export const FORM_ACTIONS: Action[] = [prepareFormResponse, formInfoForAccessCode, submitFormResponse, sessionForPublicForm, saveFieldResponse];
