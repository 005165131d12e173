import { definitionKit, describeEachDefinition, ENDUSER, OTHER_ID, STAFF } from './definition-test-kit';

/**
 * Care definitions without a database: staff tasks, tickets and notes, and the enduser's care plans,
 * tasks and observations, with the rules of docs/contract/entities.md#work-items, validation.md and
 * access.md and their exact messages.
 */

const { definitions, def, create, createError, update, enduserAccess } = definitionKit('care');

describe('care resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers only the access of seeds 000 §6', () => {
    expect(enduserAccess()).toMatchObject({
      tasks: [],
      tickets: ['create', 'read'],
      notes: [],
      enduser_tasks: ['read', 'update'],
    });
  });

  it('removes enduser-owned records with their enduser', () => {
    for (const name of ['notes', 'care_plans', 'enduser_tasks']) {
      expect(def(name).fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    }
  });

  describe('tasks', () => {
    it('starts tasks incomplete', () => {
      expect(create('tasks')).toMatchObject({ completed: false, dueDate: new Date('2026-02-01T15:00:00.000Z') });
      expect(update('tasks', { completed: true }).completed).toBe(true);
    });
  });

  describe('tickets', () => {
    it('makes an enduser open tickets about themselves only', () => {
      expect(createError('tickets', { enduserId: OTHER_ID }, ENDUSER)).toBe('enduserId does not match creator id for enduser session');
      expect(createError('tickets', { enduserId: undefined }, ENDUSER)).toBe('enduserId does not match creator id for enduser session');
      expect(create('tickets', { enduserId: ENDUSER.id }, ENDUSER).enduserId).toBe(ENDUSER.id);
      expect(create('tickets', { enduserId: OTHER_ID }, STAFF).enduserId).toBe(OTHER_ID);
    });

    it('closes with closedAt and closedBy and clears closedAt with an empty string', () => {
      const closed = create('tickets', { closedAt: '2026-01-01T00:00:00.000Z', closedBy: OTHER_ID, closedForReason: 'Resolved', dueDateInMS: 1767261600000 });
      expect(closed).toMatchObject({ closedAt: new Date('2026-01-01T00:00:00.000Z'), closedBy: OTHER_ID, dueDateInMS: 1767261600000 });
      expect(update('tickets', { closedAt: '' }).closedAt).toBeNull();
      expect(createError('tickets', { dueDateInMS: -1 })).toBe('Error parsing field dueDateInMS: Not a valid number for [0-10000000000000]');
      expect(createError('tickets', { owner: 'someone' })).toBe('Error parsing field owner: Invalid id');
    });
  });

  describe('care_plans', () => {
    it('declares the spec uniqueness rules', () => {
      expect(def('care_plans').unique).toEqual([['enduserId', 'title']]);
    });
  });

  describe('enduser_observations', () => {
    it('checks observation category, status and measurement', () => {
      expect(createError('enduser_observations', { category: 'labs' })).toBe('Error parsing field category: Value must match one of vital-signs');
      expect(createError('enduser_observations', { status: 'done' })).toBe(
        'Error parsing field status: Value must match one of entered-in-error, amended, cancelled, corrected, final, preliminary, registered, unknown',
      );
      expect(createError('enduser_observations', { measurement: { unit: 'kg' } })).toBe('Error parsing field measurement: missing value for value');
      expect(def('enduser_observations').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    });
  });
});
