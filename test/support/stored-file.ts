import type { Session } from '@tellescope/sdk';

/** A file stored for an enduser by staff through the api (prepare-file-upload, then the upload it names), so that enduser may read it. */
export const storeFileFor = async (admin: Session, enduserId: string, name: string, type: string, bytes: Buffer) => {
  const { presignedUpload, file } = (await admin.api.files.prepare_file_upload({ name, size: bytes.length, type, enduserId } as never)) as unknown as {
    presignedUpload: { url: string; fields: Record<string, string> };
    file: { id: string; secureName: string };
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(presignedUpload.fields)) form.append(key, value);
  form.append('file', new Blob([bytes], { type }), name);
  const uploaded = await fetch(presignedUpload.url, { method: 'POST', body: form });
  if (!uploaded.ok) throw new Error(`uploading ${name} failed with ${uploaded.status}`);
  return file;
};
