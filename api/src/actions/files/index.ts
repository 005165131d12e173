import type { Action } from '../action';
import { confirmFileUpload } from './confirm-file-upload';
import { fileDownloadUrl } from './file-download-url';
import { prepareFileUpload } from './prepare-file-upload';
import { publicFileUrl } from './public-file-url';

/** File calls (docs/contract/api.md#files). */
export const FILE_ACTIONS: Action[] = [prepareFileUpload, fileDownloadUrl, confirmFileUpload, publicFileUrl];
