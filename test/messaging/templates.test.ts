import type { Session } from '@tellescope/sdk';
import { customFieldToken, TEMPLATE_VARIABLES } from '@carelane/automation';
import type { Tenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { PORTAL_URL, uniqueEmail, type MessagingApi, useMailingSuite } from './support';

describe('templates and templated-message: variables rendered, HTML sanitised wherever it is stored', () => {
  const suite = useMailingSuite();
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  beforeAll(async () => {
    ({ smtp, api, tenant, sdk } = suite);
    await sdk.api.users.updateOne(sdk.userInfo.id, { fname: 'Casey', lname: 'Carer' });
  });

  test('enduser, user and organization variables render into plaintext, html and subject, with one tracking id per link', async () => {
    const enduser = await sdk.api.endusers.createOne({ email: uniqueEmail('tpl'), fname: 'Pat', lname: 'Lee', fields: { Plan: 'Gold <VIP>' } });
    const result = await sdk.api.templates.get_templated_message({
      channel: 'Email',
      userId: sdk.userInfo.id,
      enduserId: enduser.id,
      subject: 'For {{enduser.fname}} from {{organization.name}}',
      message: 'Hi {{enduser.fname}} {{enduser.lname}}, this is {{user.fname}} at {{organization.name}}. Plan: {{enduser.custom.Plan}}. Book at https://clinic.example/book{{enduser.unknownField}}',
      html: '<p onmouseover="x()">Hi <b>{{ enduser.fname }}</b>, plan {{enduser.custom.Plan}}</p><script>steal()</script><a href="https://clinic.example/book">Book</a>',
    });
    expect(result.plaintext).toBe(`Hi Pat Lee, this is Casey at ${tenant.name}. Plan: Gold <VIP>. Book at https://clinic.example/book`);
    expect(result.subject).toBe(`For Pat from ${tenant.name}`);
    expect(result.html).toBe('<p>Hi <b>Pat</b>, plan Gold &lt;VIP&gt;</p><a href="https://clinic.example/book">Book</a>');
    expect(result.linkOpenTrackingIds).toHaveLength(1);
    expect(result.linkOpenTrackingIds[0]).toMatch(/^[0-9a-f]{24}$/);
  });

  test('without html the plaintext becomes the html; unknown namespaces (form links) are left for their own handler', async () => {
    const enduser = await sdk.api.endusers.createOne({ fname: 'Sam' });
    const result = await sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: enduser.id, message: 'Hello {{enduser.fname}}\n{{forms.abc.link:Intake}}', channel: 'Email' });
    expect(result).toMatchObject({ plaintext: 'Hello Sam\n{{forms.abc.link:Intake}}', html: '<p>Hello Sam<br/>{{forms.abc.link:Intake}}</p>', linkOpenTrackingIds: [] });
  });

  test('a template rendered for an enduser reaches a real SMTP server with the unsubscribe link', async () => {
    const address = uniqueEmail('rendered');
    const enduser = await sdk.api.endusers.createOne({ email: address, fname: 'Robin' });
    const template = await sdk.api.templates.createOne({ title: 'Welcome', subject: 'Welcome, {{enduser.fname}}', message: 'Dear {{enduser.fname}}, welcome to {{organization.name}}.', html: '<h1>Dear {{enduser.fname}}</h1><p>Welcome to {{organization.name}}.</p>' });
    const rendered = await sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: enduser.id, message: template.message, html: template.html, subject: template.subject, channel: 'Email' });
    await sdk.api.emails.createOne({ enduserId: enduser.id, templateId: template.id, subject: rendered.subject!, textContent: rendered.plaintext, HTMLContent: rendered.html });
    const received = await smtp.waitFor(address);
    expect(received.subject).toBe('Welcome, Robin');
    expect(received.text).toContain(`Dear Robin, welcome to ${tenant.name}.`);
    expect(received.html).toContain(`<h1>Dear Robin</h1><p>Welcome to ${tenant.name}.</p>`);
    expect(received.text).toContain(`${PORTAL_URL}/unsubscribe?enduserId=${enduser.id}&type=email`);
  });

  test('templates, chats and emails store sanitised HTML on create and on update', async () => {
    const dirty = '<p>Ok</p><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">x</a><iframe srcdoc="<b>x</b>"></iframe><script>alert(3)</script>';
    const template = await sdk.api.templates.createOne({ title: 'Dirty', subject: 'S', message: 'M', html: dirty });
    expect(template.html).toBe('<p>Ok</p><img src="x" /><a>x</a><iframe></iframe>');
    const updated = await sdk.api.templates.updateOne(template.id, { html: '<b onclick="x()">Bold</b><script>x</script>' });
    expect(updated.html).toBe('<b>Bold</b>');

    const room = await sdk.api.chat_rooms.createOne({ userIds: [sdk.userInfo.id] });
    const chat = await sdk.api.chats.createOne({ roomId: room.id, message: 'Ok', html: dirty });
    expect(chat.html).toBe('<p>Ok</p><img src="x" /><a>x</a><iframe></iframe>');
    await expect(sdk.api.chats.getOne(chat.id)).resolves.toMatchObject({ html: chat.html });

    const enduser = await sdk.api.endusers.createOne({ email: uniqueEmail('logged-html') });
    const email = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'S', textContent: 'T', HTMLContent: dirty, logOnly: true });
    expect(email.HTMLContent).toBe('<p>Ok</p><img src="x" /><a>x</a><iframe></iframe>');
    const emailUpdated = await sdk.api.emails.updateOne(email.id, { HTMLContent: '<p style="color:red" onload="x()">Red</p>' } as never);
    expect(emailUpdated.HTMLContent).toBe('<p style="color:red">Red</p>');
  });

  test('templated-message checks its input with exact messages', async () => {
    await expect(sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, message: 'x' } as never)).rejects.toMatchObject({
      message: 'Value not provided for required field: enduserId',
    });
    const enduser = await sdk.api.endusers.createOne({ fname: 'Kim' });
    await expect(sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: enduser.id, message: 'x', channel: 'Fax' } as never)).rejects.toMatchObject({
      message: 'Error parsing field channel: Value must match one of Email, SMS, Chat',
    });
    await expect(sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: '0123456789abcdef01234567', message: 'x', channel: 'Email' })).rejects.toMatchObject({
      message: 'Could not find a record for the given id',
    });
  });

  // Issue 35: the staff template editor's variable picker offers only what this renderer fills in.
  test("every variable the staff editor's picker offers is filled in from the patient, the sender and the organization", async () => {
    const email = uniqueEmail('picker');
    const enduser = await sdk.api.endusers.createOne({ email, fname: 'Ada', lname: 'Byron', phone: '+14155550123', dateOfBirth: '1815-12-10', fields: { Plan: 'Silver' } });
    const tokens = [...TEMPLATE_VARIABLES.map((variable) => variable.token), customFieldToken('Plan')];
    const result = await sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: enduser.id, message: tokens.join('|'), channel: 'Email' });
    expect(result.plaintext.split('|')).toEqual(['Ada', 'Byron', email, '+14155550123', '1815-12-10', 'Casey', 'Carer', sdk.userInfo.email, tenant.name, 'Silver']);
  });

  test('the rich-text editor\'s HTML (paragraphs, bold, lists) keeps its shape through storage and rendering', async () => {
    const enduser = await sdk.api.endusers.createOne({ fname: 'Grace' });
    const html = '<p>Hello <strong>{{enduser.fname}}</strong>,</p><ul><li><p>Bring your card</p></li></ul><ol><li><p>Arrive early</p></li></ol><p><em>{{organization.name}}</em></p>';
    const template = await sdk.api.templates.createOne({ title: 'Rich text', subject: 'Hi', message: 'Hello {{enduser.fname}},', html, editorState: '{"type":"doc"}', mode: 'richtext' } as never);
    expect(template.html).toBe(html);
    const result = await sdk.api.templates.get_templated_message({ userId: sdk.userInfo.id, enduserId: enduser.id, message: template.message, html: template.html, channel: 'Email' });
    expect(result.html).toBe(`<p>Hello <strong>Grace</strong>,</p><ul><li><p>Bring your card</p></li></ul><ol><li><p>Arrive early</p></li></ol><p><em>${tenant.name}</em></p>`);
  });
});
