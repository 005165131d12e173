import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const HOUR = 3_600_000;
type Ticket = { title?: string; message?: string; dueDateInMS?: number; priority?: number; owner?: string; closedAt?: string; closedForReason?: string };

/**
 * A task's own page, opened from the task list's title: its notes, its patient, its due time on the
 * staff member's clock; changed, closed with one of its reasons, reopened and deleted, each stored as
 * the api keeps it. A staff to-do (the api's tasks) has a page of its own too, opened from Today, the
 * task list and its patient's record, and is marked done or not. A role that may only read sees no
 * forms, and an unknown task the app's not-found page.
 */
describe('portal: staff task page', () => {
  // The not-found page's own 404 answer is reported by the browser; it is the point.
  const harness = usePortalHarness({ expectedConsoleError: (text) => text.includes('the server responded with a status of 404') });
  let admin: Session;

  // The reference client has no typed calls for staff to-dos (the api's tasks): its plain requests reach them.
  type Todo = { text?: string; description?: string; dueDate?: string; assignedTo?: string; completed?: boolean };
  const storedTodo = (id: string) => admin.GET<unknown, Todo>(`/v1/task/${id}`);

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('opens from the task list, shows its notes and patient, and is changed, closed, reopened and deleted', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const me = admin.userInfo.id as string;
    const colleague = await admin.api.users.createOne({ email: `omar-${suffix}@example.com`, fname: 'Omar', lname: `Nurse${suffix}` } as never);
    const patient = await admin.api.endusers.createOne({ fname: 'Lena', lname: `Task${suffix}` } as never);
    const ticket = await admin.api.tickets.createOne({
      title: `Call Lena ${suffix}`,
      message: 'Ask about the new dose.\nShe prefers mornings.',
      enduserId: patient.id,
      owner: me,
      dueDateInMS: Date.now() - 2 * HOUR,
      closeReasons: ['Reached her', 'No answer'],
    } as never);
    const stored = async () => (await admin.api.tickets.getOne(ticket.id)) as Ticket;

    await openAsAdmin(harness, '/staff/tasks');
    await page.getByRole('link', { name: `Call Lena ${suffix}` }).click();
    await page.getByRole('heading', { level: 1, name: `Call Lena ${suffix}` }).waitFor();
    expect(await page.title()).toBe(`Call Lena ${suffix} · Tasks · Staff`);
    const header = page.locator('main header');
    await header.getByText('Overdue').waitFor();
    await header.getByRole('link', { name: `Lena Task${suffix}` }).waitFor();
    const notes = page.getByRole('region', { name: 'Notes' });
    expect(await notes.innerText()).toContain('Ask about the new dose.\nShe prefers mornings.');
    expect(await page.locator('body').innerText()).not.toContain(ticket.id);

    // Changed: a new title, notes, due tomorrow at 9:30 on the staff member's clock (UTC here), a priority and a colleague.
    const edit = page.getByRole('region', { name: 'Change the task' });
    await edit.getByLabel('What needs doing').fill('');
    await edit.getByRole('button', { name: 'Save task' }).click();
    await edit.getByText('Say what needs doing').waitFor();
    expect((await stored()).title).toBe(`Call Lena ${suffix}`);
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    await edit.getByLabel('What needs doing').fill(`Call Lena back ${suffix}`);
    await edit.getByLabel('Notes').fill('Dose confirmed by the pharmacy.');
    await edit.getByLabel('Due').fill(tomorrow);
    await edit.getByLabel('At', { exact: true }).fill('09:30');
    await edit.getByLabel('Priority').fill('2');
    await edit.getByLabel('Assigned to').selectOption({ label: `Omar Nurse${suffix}` });
    await edit.getByRole('button', { name: 'Save task' }).click();
    await page.getByRole('status').filter({ hasText: 'Task saved' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Call Lena back ${suffix}` }).waitFor();
    expect(await stored()).toMatchObject({ title: `Call Lena back ${suffix}`, message: 'Dose confirmed by the pharmacy.', dueDateInMS: Date.parse(`${tomorrow}T09:30:00Z`), priority: 2, owner: colleague.id });
    expect(await header.getByText('Overdue').count()).toBe(0);
    // Loaded afresh, the page hydrates without a mismatch (the harness fails the test on any console error).
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await checkScreen(page, 'staff-task-page', DESKTOP);
    await checkScreen(page, 'staff-task-page', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Closed with one of its reasons, then reopened.
    const close = page.getByRole('region', { name: 'Close the task' });
    await close.getByRole('button', { name: 'Close task' }).click();
    await close.getByText('Choose or type a reason for closing it').waitFor();
    await close.getByLabel('Reached her').check();
    await close.getByRole('button', { name: 'Close task' }).click();
    await page.getByRole('status').filter({ hasText: 'Closed: Reached her' }).waitFor();
    await page.getByRole('note').filter({ hasText: /^Closed .* by .*: Reached her$/ }).waitFor();
    expect(await stored()).toMatchObject({ closedForReason: 'Reached her', closedAt: expect.any(String) });
    await page.getByRole('button', { name: 'Reopen task' }).click();
    await page.getByRole('status').filter({ hasText: 'Task reopened' }).waitFor();
    expect((await stored()).closedAt).toBeUndefined();

    // Deleted after a question; the task list says so.
    await page.getByRole('button', { name: `Delete Call Lena back ${suffix}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete task' }).click();
    await page.waitForURL(/\/staff\/tasks\?deleted=/);
    await page.getByRole('status').filter({ hasText: `Deleted Call Lena back ${suffix}.` }).waitFor();
    // Said once: the list's own links (a queue, a sort) do not carry it on.
    expect(await page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/staff/tasks?queue=all');
    expect(await admin.api.tickets.getSome({ filter: { _id: ticket.id } } as never)).toEqual([]);

    // A task that does not exist: the app's own not-found page.
    const missing = await page.goto(`${portal.url}/staff/tasks/${ticket.id}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This task does not exist or you cannot see it' }).waitFor();
  }, 120_000);

  it('opens a to-do from Today, the task list and its patient’s record, changes it, marks it done and not, and deletes it', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const me = admin.userInfo.id as string;
    const colleague = await admin.api.users.createOne({ email: `ines-${suffix}@example.com`, fname: 'Ines', lname: `Aide${suffix}` } as never);
    const patient = await admin.api.endusers.createOne({ fname: 'Milo', lname: `Todo${suffix}` } as never);
    // A staff to-do as an integration makes one through the api: overdue, mine, followed by a colleague and a role.
    const todo = await admin.POST<unknown, { id: string }>('/v1/task', {
      text: `Fax Milo's records ${suffix}`,
      description: 'To the cardiology clinic.',
      enduserId: patient.id,
      assignedTo: me,
      dueDate: new Date(Date.now() - HOUR).toISOString(),
      subscribers: [colleague.id],
      subscriberRoles: ['Nurse'],
    });
    const stored = () => storedTodo(todo.id);

    // Today lists it among the tasks due, and opens its page.
    await openAsAdmin(harness, '/staff');
    const due = page.getByRole('region', { name: 'Your tasks due today' });
    await due.getByRole('link', { name: `Fax Milo's records ${suffix}` }).click();
    await page.getByRole('heading', { level: 1, name: `Fax Milo's records ${suffix}` }).waitFor();
    expect(page.url()).toBe(`${portal.url}/staff/tasks/to-dos/${todo.id}`);
    const header = page.locator('main header');
    await header.getByText('To-do · Not done yet · Overdue').waitFor();
    await header.getByRole('link', { name: `Milo Todo${suffix}` }).waitFor();
    await header.getByText(`Ines Aide${suffix}, everyone who is a Nurse`).waitFor();
    expect(await page.getByRole('region', { name: 'Notes' }).innerText()).toContain('To the cardiology clinic.');
    expect(await page.locator('body').innerText()).not.toMatch(/[0-9a-f]{24}/);

    // Changed: refused without a title; then a new title, notes, due tomorrow at 8:15 (UTC here) and a colleague.
    const edit = page.getByRole('region', { name: 'Change the to-do' });
    expect(await edit.getByLabel('Priority').count()).toBe(0);
    await edit.getByLabel('What needs doing').fill('');
    await edit.getByRole('button', { name: 'Save to-do' }).click();
    await edit.getByText('Say what needs doing').waitFor();
    expect((await stored()).text).toBe(`Fax Milo's records ${suffix}`);
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    await edit.getByLabel('What needs doing').fill(`Fax Milo's records today ${suffix}`);
    await edit.getByLabel('Notes').fill('Fax number on file.');
    await edit.getByLabel('Due').fill(tomorrow);
    await edit.getByLabel('At', { exact: true }).fill('08:15');
    await edit.getByLabel('Assigned to').selectOption({ label: `Ines Aide${suffix}` });
    await edit.getByRole('button', { name: 'Save to-do' }).click();
    await page.getByRole('status').filter({ hasText: 'To-do saved' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Fax Milo's records today ${suffix}` }).waitFor();
    const saved = await stored();
    expect(saved).toMatchObject({ text: `Fax Milo's records today ${suffix}`, description: 'Fax number on file.', assignedTo: colleague.id });
    expect(Date.parse(saved.dueDate ?? '')).toBe(Date.parse(`${tomorrow}T08:15:00Z`));
    await header.getByText('To-do · Not done yet').waitFor();
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await checkScreen(page, 'staff-todo-page', DESKTOP);
    await checkScreen(page, 'staff-todo-page', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Marked done: it leaves the open task list; marked not done, it is back.
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked done' }).waitFor();
    await header.getByText('To-do · Done').waitFor();
    expect((await stored()).completed).toBe(true);
    await page.getByRole('button', { name: 'Mark not done' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked not done' }).waitFor();
    expect((await stored()).completed).toBe(false);

    // The task list's line opens the same page, and marks it done after a question.
    await page.goto(`${portal.url}/staff/tasks?queue=all`);
    const all = page.getByRole('table', { name: 'All open tasks' });
    expect((await all.locator('tbody tr', { hasText: `Fax Milo's records today ${suffix}` }).innerText()).replace(/\s+/g, ' ')).toContain(`Fax Milo's records today ${suffix} To-do`);
    await all.getByRole('link', { name: `Fax Milo's records today ${suffix}` }).click();
    await page.waitForURL(`${portal.url}/staff/tasks/to-dos/${todo.id}`);
    await page.goBack();
    await all.getByRole('button', { name: `Mark Fax Milo's records today ${suffix} done` }).click();
    await page.getByRole('dialog', { name: `Mark Fax Milo's records today ${suffix} done?` }).getByRole('button', { name: 'Mark done' }).click();
    await page.getByRole('status').filter({ hasText: `Completed Fax Milo's records today ${suffix}.` }).waitFor();
    expect((await stored()).completed).toBe(true);
    // The patient's record lists it, done, and opens its page too.
    await page.goto(`${portal.url}/staff/patients/${patient.id}`);
    const tasks = page.getByRole('region', { name: 'Tasks' });
    await tasks.getByText(`Ines Aide${suffix} · due`).waitFor();
    await tasks.getByText('Done', { exact: true }).waitFor();
    await tasks.getByRole('link', { name: `Fax Milo's records today ${suffix}` }).click();
    await page.waitForURL(`${portal.url}/staff/tasks/to-dos/${todo.id}`);

    // Deleted after a question; the task list says so.
    await page.getByRole('button', { name: `Delete Fax Milo's records today ${suffix}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete to-do' }).click();
    await page.waitForURL(/\/staff\/tasks\?deleted=/);
    await page.getByRole('status').filter({ hasText: `Deleted Fax Milo's records today ${suffix}.` }).waitFor();
    await expect(storedTodo(todo.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    const missing = await page.goto(`${portal.url}/staff/tasks/to-dos/${todo.id}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This task does not exist or you cannot see it' }).waitFor();
  }, 120_000);

  it('a role that may only read tasks sees the task without forms, and its forged posts change nothing', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const ticket = await admin.api.tickets.createOne({ title: 'Order gloves', message: 'Size M.' } as never);
    const staff = await staffWithRole(harness, admin, { tickets: levels(null, 'All', null, null), endusers: levels(null, 'All', null, null) });
    await page.goto(`${portal.url}/staff/tasks/${ticket.id}`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { level: 1, name: 'Order gloves' }).waitFor();
    await page.getByRole('region', { name: 'Notes' }).getByText('Size M.').waitFor();
    expect(await page.getByRole('region', { name: 'Change the task' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    const forgeries: Record<string, string>[] = [{ intent: 'save', title: 'Forged' }, { intent: 'close', reason: 'Forged' }, { intent: 'delete' }];
    for (const form of forgeries) {
      const forged = await page.request.post(`${portal.url}/staff/tasks/${ticket.id}`, { form });
      expect(forged.status()).toBe(400);
    }
    expect(await admin.api.tickets.getOne(ticket.id)).toMatchObject({ title: 'Order gloves' });
    expect(((await admin.api.tickets.getOne(ticket.id)) as Ticket).closedAt).toBeUndefined();

    // The same for a to-do, with a role that may only read to-dos.
    const todo = await admin.POST<unknown, { id: string }>('/v1/task', { text: 'Restock the fridge', description: 'Vaccines shelf.' });
    const reader = await staffWithRole(harness, admin, { tasks: levels(null, 'All', null, null), endusers: levels(null, 'All', null, null) });
    await page.context().clearCookies();
    await page.goto(`${portal.url}/staff/tasks/to-dos/${todo.id}`);
    await signInStaff(page, reader.email, reader.password);
    await page.getByRole('heading', { level: 1, name: 'Restock the fridge' }).waitFor();
    await page.getByRole('region', { name: 'Notes' }).getByText('Vaccines shelf.').waitFor();
    expect(await page.getByRole('region', { name: 'Change the to-do' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Delete|Mark done)/ }).count()).toBe(0);
    const todoForgeries: Record<string, string>[] = [{ intent: 'save', title: 'Forged' }, { intent: 'close' }, { intent: 'delete' }];
    for (const form of todoForgeries) {
      const forged = await page.request.post(`${portal.url}/staff/tasks/to-dos/${todo.id}`, { form });
      expect(forged.status()).toBe(400);
    }
    expect(await storedTodo(todo.id)).toMatchObject({ text: 'Restock the fridge', completed: false });
  });
});
