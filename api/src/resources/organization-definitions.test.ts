import { parseCreate, parseUpdate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ID, message } from './definition-test-kit';

/**
 * Definitions of the organization's own records without a database: custom databases and their
 * records, analytics frames, saved enduser views, engagement events and background errors, with the
 * rules of docs/contract/entities.md and validation.md and their exact messages.
 */

const { definitions, def, create, createError, update, without, enduserAccess } = definitionKit('organization');

describe('organization resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers no access (seeds 000 §6)', () => {
    expect(enduserAccess()).toEqual({
      databases: [],
      database_records: [],
      analytics_frames: [],
      enduser_views: [],
      engagement_events: [],
      background_errors: [],
    });
  });

  describe('databases', () => {
    it('declares the spec uniqueness rules', () => {
      expect(def('databases').unique).toEqual([['title']]);
    });

    it('checks database fields and record values', () => {
      expect(createError('databases', { fields: [{ type: 'Blob', label: 'x' }] })).toContain('Error parsing field fields: Value must match one of Text, ');
      expect(create('databases', {}).numRecords).toBe(0);
      expect(createError('databases', { numRecords: 1 })).toBe('Error parsing field numRecords: This field cannot be updated');
      expect(createError('database_records', { values: [{ type: 'Number', label: 'Count', value: 'many' }] })).toBe(
        'Error parsing field values: Not a valid number',
      );
      expect(createError('database_records', { values: [{ type: 'Email', label: 'Email', value: 'nope' }] })).toBe(
        'Error parsing field values: Invalid email: nope',
      );
      expect(def('database_records').fields.databaseId.references).toEqual({ resource: 'databases', onDelete: 'cascade' });
    });
  });

  describe('analytics_frames', () => {
    it('needs a title unless it has a parent frame', () => {
      expect(message(() => parseCreate(def('analytics_frames'), without('analytics_frames', 'title')))).toBe('Title is required');
      expect(() => parseCreate(def('analytics_frames'), { ...without('analytics_frames', 'title'), parentFrame: ID })).not.toThrow();
      const frame = create('analytics_frames', {});
      expect(message(() => parseUpdate(def('analytics_frames'), frame, { title: null }))).toBe('Title is required');
    });

    it('checks the query shape', () => {
      const query = def('analytics_frames').example.query as Record<string, unknown>;
      expect(createError('analytics_frames', { query: { ...query, resource: 'Widgets' } })).toBe(
        'Error parsing field query: Value must match one of Endusers, Calendar Events, Form Responses, Purchases, Purchase Credits, Tickets',
      );
      expect(createError('analytics_frames', { query: { ...query, info: { method: 'Average' } } })).toBe(
        'Error parsing field query: Value must match one of Total, Sum of Field',
      );
      expect(createError('analytics_frames', { query: { ...query, info: { method: 'Total', parameters: { interval: 'Yearly' } } } })).toBe(
        'Error parsing field query: Value must match one of Daily, Weekly, Monthly',
      );
      expect(() =>
        create('analytics_frames', {
          query: {
            resource: 'Purchases',
            info: { method: 'Total', parameters: { interval: 'Weekly', grouping: { Gender: true } } },
            grouping: { 'Assigned To': true, Field: 'Insurance' },
            range: { interval: 'Monthly', key: 'Created At' },
          },
          createdRange: { from: '2026-01-01T00:00:00.000Z', to: '' },
        }),
      ).not.toThrow();
      expect(createError('analytics_frames', { query: { ...query, unknown: true } })).toBe('Error parsing field query: Got unexpected field(s) [unknown]');
    });
  });

  describe('views, engagement and errors', () => {
    it('keeps enduser view titles unique', () => {
      expect(def('enduser_views').unique).toEqual([['title']]);
    });

    it('stamps engagement events and removes them with their enduser', () => {
      expect(create('engagement_events').timestamp).toBeInstanceOf(Date);
      expect(def('engagement_events').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    });

    it('acknowledges background errors, and clears the stamp with an empty string', () => {
      expect(create('background_errors', { acknowledgedAt: '2026-01-01T00:00:00.000Z' }).acknowledgedAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
      expect(update('background_errors', { acknowledgedAt: '' }).acknowledgedAt).toBeNull();
    });
  });
});
