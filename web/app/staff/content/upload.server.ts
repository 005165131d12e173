import { formErrorMessage } from '../../api.server';
import { MAX_UPLOAD_BYTES, postedFile, readMultipart, uploadFile } from '../../portal/files.server';
import type { UploadedFile } from './content-values';

/**
 * A file for a content item (header photo, image, PDF or video) through the api's presigned flow, as
 * the staff member: the file belongs to no patient; patients open it once the item lists it.
 */
export const uploadContentFile = async (request: Request, authToken: string): Promise<{ uploaded?: UploadedFile; uploadProblem?: string }> => {
  try {
    const form = await readMultipart(request, MAX_UPLOAD_BYTES);
    const file = postedFile(form.get('file'));
    if (!file) return { uploadProblem: 'Choose a file to upload' };
    const record = await uploadFile(authToken, undefined, file);
    return { uploaded: { id: record.id, secureName: String(record.secureName), name: String(record.name ?? file.name), type: file.type || 'application/octet-stream' } };
  } catch (error) {
    return { uploadProblem: formErrorMessage(error) };
  }
};
