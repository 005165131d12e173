import type { Action } from '../action';
import { confirmFileUpload } from './confirm-file-upload';
import { fileDownloadUrl } from './file-download-url';
import { prepareFileUpload } from './prepare-file-upload';

/** File calls (001 §7.6). */
export const FILE_ACTIONS: Action[] = [prepareFileUpload, fileDownloadUrl, confirmFileUpload];
