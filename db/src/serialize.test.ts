import { automated_actions, automation_steps } from './resources';
import { keepSecretParts, serialize, withoutSecrets } from './serialize';

/** A webhook step's own secret is write-only (docs/decisions.md, "A webhook step's own secret is write-only"). */
describe('secret parts of a json field', () => {
  const field = automation_steps.fields.action;
  const stored = { type: 'sendWebhook', info: { message: 'hi', url: 'https://a.example/hook', secret: 's3cret' } };

  test('reads, change events and outbox rows leave the part out, and only it', () => {
    for (const definition of [automation_steps, automated_actions]) {
      expect(serialize(definition, { _id: 'x', action: stored })).toEqual({ id: 'x', action: { type: 'sendWebhook', info: { message: 'hi', url: 'https://a.example/hook' } } });
      expect(withoutSecrets(definition, { action: stored, tags: ['a'] })).toEqual({ action: { type: 'sendWebhook', info: { message: 'hi', url: 'https://a.example/hook' } }, tags: ['a'] });
    }
    // The stored value itself is not changed (the worker signs with it).
    expect(stored.info.secret).toBe('s3cret');
    // Values without the part, or of another shape, pass as they are.
    for (const action of [{ type: 'setEnduserStatus', info: { status: 'x' } }, { type: 'sendWebhook', info: [1] }, 'text', null]) {
      expect(withoutSecrets(automation_steps, { action }).action).toBe(action);
    }
  });

  test('an update omitting the part keeps it while type and url are the same, and only then', () => {
    const readBack = { type: 'sendWebhook', info: { message: 'edited', url: 'https://a.example/hook' } };
    expect(keepSecretParts(field, stored, readBack)).toEqual({ type: 'sendWebhook', info: { ...readBack.info, secret: 's3cret' } });
    expect(keepSecretParts(field, stored, { ...readBack, info: { ...readBack.info, url: 'https://b.example/hook' } })).toEqual({ ...readBack, info: { ...readBack.info, url: 'https://b.example/hook' } });
    expect(keepSecretParts(field, stored, { ...readBack, info: { message: 'edited' } })).toEqual({ ...readBack, info: { message: 'edited' } });
    // A new secret sent with the write replaces the stored one.
    expect(keepSecretParts(field, stored, { ...readBack, info: { ...readBack.info, secret: 'new' } })).toMatchObject({ info: { secret: 'new' } });
    // Nothing stored, nothing kept.
    expect(keepSecretParts(field, { type: 'sendWebhook', info: { message: 'hi' } }, readBack)).toBe(readBack);
  });
});
