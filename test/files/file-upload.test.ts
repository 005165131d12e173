import { randomBytes } from 'node:crypto';
import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, registeredEnduserSession, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;


type Presigned = { url: string; fields: Record<string, string> };

/** Posts to a presigned target the way a browser form would: fields first, the file last. */
const upload = (target: object, fields: Record<string, string>, content: Buffer) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content]), 'upload.bin');
  return fetch((target as Presigned).url, { method: 'POST', body: form });
};

describe('files: presigned upload to the local storage and expiring downloads', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  let patient: EnduserSession;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
    patient = await registeredEnduserSession(api.host, tenant, 'files.patient@example.com');
  });
  afterAll(() => api.stop());

  test('an enduser uploads through the reference client and downloads the same bytes', async () => {
    const content = randomBytes(50_000);
    const file = await patient.prepare_and_upload_file({ name: 'scan.png', size: content.length, type: 'image/png' }, content);
    expect(file).toMatchObject({ name: 'scan.png', size: content.length, enduserId: patient.userInfo.id, secureName: expect.stringMatching(new RegExp(`^${tenant.businessId}/`)) });
    const { downloadURL, name } = await patient.api.files.file_download_URL({ secureName: file.secureName });
    expect(name).toBe('scan.png');
    const downloaded = await fetch(downloadURL);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    expect(downloaded.headers.get('content-disposition')).toContain('scan.png');
    // Staff of the same organization may read it too.
    await expect(staff.api.files.file_download_URL({ secureName: file.secureName })).resolves.toMatchObject({ name: 'scan.png' });
  });

  test('another enduser and another organization are refused the download link', async () => {
    const content = Buffer.from('private notes');
    const file = await patient.prepare_and_upload_file({ name: 'notes.txt', size: content.length, type: 'text/plain' }, content);
    const other = await registeredEnduserSession(api.host, tenant, 'files.other@example.com');
    await expect(other.api.files.file_download_URL({ secureName: file.secureName })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    const otherStaff = await adminSession(api.host, await createTenant(api.dataSource));
    await expect(otherStaff.api.files.file_download_URL({ secureName: file.secureName })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('a tampered or foreign download link is refused', async () => {
    const content = Buffer.from('hello');
    const file = await staff.prepare_and_upload_file({ name: 'hello.txt', size: content.length, type: 'text/plain' }, content);
    const { downloadURL } = await staff.api.files.file_download_URL({ secureName: file.secureName });
    const tampered = downloadURL.replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(tampered)).status).toBe(403);
  });

  test('an upload larger than declared is refused with 413 and nothing is stored', async () => {
    const { presignedUpload: target, file } = await staff.api.files.prepare_file_upload({ name: 'small.bin', size: 10, type: 'application/octet-stream' });
    const presignedUpload = target as Presigned;
    const response = await upload(presignedUpload, presignedUpload.fields, randomBytes(1000));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Please try again with less data or a smaller file.' });
    await expect(staff.api.files.confirm_file_upload({ id: file.id })).rejects.toMatchObject({ message: 'The file has not been uploaded' });
  });

  test('a declared size over 25,000,000 bytes is refused before anything is stored', async () => {
    const before = await staff.api.files.getSome();
    await expect(staff.api.files.prepare_file_upload({ name: 'huge.bin', size: 25_000_001, type: 'application/octet-stream' })).rejects.toMatchObject({
      message: expect.stringContaining('Error parsing field size'),
    });
    expect(await staff.api.files.getSome()).toHaveLength(before.length);
  });

  test('an upload with forged fields is refused', async () => {
    const presignedUpload = (await staff.api.files.prepare_file_upload({ name: 'a.txt', size: 5, type: 'text/plain' })).presignedUpload as Presigned;
    const fields = { ...presignedUpload.fields, key: `${tenant.businessId}/AAAAAAAAAAAAAAAAAAAAAAAA` };
    expect((await upload(presignedUpload, fields, Buffer.from('hello'))).status).toBe(403);
  });
});
