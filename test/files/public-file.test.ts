import { randomBytes } from 'node:crypto';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;
type Prepared = { presignedUpload: { url: string; fields: Record<string, string> }; file: { id: string; secureName: string } };

/** Stores `bytes` through the presigned flow, public or not. */
const store = async (staff: Staff, name: string, type: string, bytes: Buffer, publicRead: boolean) => {
  const { presignedUpload, file } = (await staff.api.files.prepare_file_upload({ name, size: bytes.length, type, publicRead } as never)) as unknown as Prepared;
  const form = new FormData();
  for (const [key, value] of Object.entries(presignedUpload.fields)) form.append(key, value);
  form.append('file', new Blob([bytes], { type }), name);
  expect((await fetch(presignedUpload.url, { method: 'POST', body: form })).ok).toBe(true);
  return file;
};

/** GET /public-file-URL (issue 35: the portal's logo, favicon and graphics show before anyone signs in). */
describe('files: public files for the portal', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  const publicFileURL = (secureName?: string) => fetch(`${api.host}/v1/public-file-URL${secureName === undefined ? '' : `?secureName=${encodeURIComponent(secureName)}`}`);

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
  });
  afterAll(() => api.stop());

  test('a file marked public opens for anyone, without signing in', async () => {
    const bytes = randomBytes(2_000);
    const file = await store(staff, 'logo.png', 'image/png', bytes, true);
    const answer = await publicFileURL(file.secureName);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { downloadURL: string; name: string; type: string };
    expect(body).toMatchObject({ name: 'logo.png', type: 'image/png' });
    expect(Buffer.from(await (await fetch(body.downloadURL)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a private file, an unknown name and a missing one are refused, with the same answer for the first two', async () => {
    const file = await store(staff, 'notes.txt', 'text/plain', Buffer.from('private'), false);
    const hidden = await publicFileURL(file.secureName);
    const unknown = await publicFileURL(`${tenant.businessId}/nothing-here`);
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await hidden.json()).toEqual(await unknown.json());
    const missing = await publicFileURL();
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Value not provided for required field: secureName' });
  });
});
