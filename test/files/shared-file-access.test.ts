import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant, registeredEnduserSession, type Tenant } from '../support/tenant';

type Staff = Awaited<ReturnType<typeof adminSession>>;

const NOT_FOUND = { message: 'Could not find a record for the given id' };

/** Staff send images in chat and publish PDFs as content: the patients who see those may open the files. */
describe('files shared with an enduser through a chat or managed content', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let staff: Staff;
  let member: EnduserSession;
  let outsider: EnduserSession;

  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    staff = await adminSession(api.host, tenant);
    member = await registeredEnduserSession(api.host, tenant, 'shared.member@example.com');
    outsider = await registeredEnduserSession(api.host, tenant, 'shared.outsider@example.com');
  });
  afterAll(() => api.stop());

  const staffFile = async (name: string) => (await staff.api.files.prepare_file_upload({ name, size: 10, type: 'image/png' })).file;

  test('an image staff attach to a chat opens for the room’s enduser, not for another enduser', async () => {
    const file = await staffFile('xray.png');
    await expect(member.api.files.file_download_URL({ secureName: file.secureName })).rejects.toMatchObject(NOT_FOUND);

    const room = await staff.api.chat_rooms.createOne({ type: 'internal', userIds: [staff.userInfo.id], enduserIds: [member.userInfo.id] } as never);
    await staff.api.chats.createOne({ roomId: room.id, message: 'Your x-ray', attachments: [{ type: 'image', secureName: file.secureName }] } as never);

    await expect(member.api.files.file_download_URL({ secureName: file.secureName })).resolves.toMatchObject({ name: 'xray.png' });
    await expect(member.api.files.getOne(file.id)).resolves.toMatchObject({ id: file.id });
    await expect(outsider.api.files.file_download_URL({ secureName: file.secureName })).rejects.toMatchObject(NOT_FOUND);
    // Reading is not owning: the enduser still cannot change or delete the staff member's file.
    await expect(member.api.files.deleteOne(file.id)).rejects.toBeDefined();
    await expect(staff.api.files.getOne(file.id)).resolves.toMatchObject({ id: file.id });
  });

  test('a PDF listed in content assigned to everyone opens for endusers; individual content only for its enduser', async () => {
    const handout = await staffFile('handout.pdf');
    await staff.api.managed_content_records.createOne({ title: 'Handout', textContent: 'Read me', type: 'PDF', assignmentType: 'All', files: [handout.id] } as never);
    await expect(outsider.api.files.file_download_URL({ secureName: handout.secureName })).resolves.toMatchObject({ name: 'handout.pdf' });

    const plan = await staffFile('plan.pdf');
    await staff.api.managed_content_records.createOne({
      title: 'Your plan', textContent: 'Only yours', type: 'PDF', assignmentType: 'Individual', enduserId: member.userInfo.id,
      attachments: [{ type: 'file', secureName: plan.secureName }],
    } as never);
    await expect(member.api.files.file_download_URL({ secureName: plan.secureName })).resolves.toMatchObject({ name: 'plan.pdf' });
    await expect(outsider.api.files.file_download_URL({ secureName: plan.secureName })).rejects.toMatchObject(NOT_FOUND);
  });
});
