import { parseCreate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ID, OTHER_ID, message } from './definition-test-kit';

/**
 * Form definitions without a database: forms, their fields and their responses, with the rules of
 * docs/contract/entities.md#forms, validation.md and access.md and their exact messages (answers
 * checked by field type).
 */

const { definitions, def, create, createError, updateError, enduserAccess } = definitionKit('forms');

describe('forms resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers exactly the access §6 lists', () => {
    expect(enduserAccess()).toEqual({
      forms: ['read'],
      form_fields: ['read'],
      form_responses: ['read', 'update'],
    });
  });

  describe('forms', () => {
    it('count their fields server-side', () => {
      expect(create('forms').numFields).toBe(0);
      expect(createError('forms', { numFields: 2 })).toBe('Error parsing field numFields: This field cannot be updated');
      expect(updateError('forms', { numFields: 2 })).toBe('Error parsing field numFields: This field cannot be updated');
      expect(def('form_fields').countsInto).toEqual([{ via: 'formId', resource: 'forms', counter: 'numFields' }]);
      expect(def('form_fields').fields.formId.references).toEqual({ resource: 'forms', onDelete: 'cascade' });
    });

    it('check form settings', () => {
      expect(createError('forms', { type: 'survey' })).toBe('Error parsing field type: Value must match one of note, enduserFacing');
      expect(createError('forms', { intakePhone: 'maybe' })).toBe('Error parsing field intakePhone: Value must match one of optional, required');
      expect(create('forms', { scoring: [{ title: 'PHQ', fieldId: ID, response: 'Yes', score: 2 }] }).scoring).toEqual([
        { title: 'PHQ', fieldId: ID, response: 'Yes', score: 2 },
      ]);
    });

    it('check field types, options and flow', () => {
      expect(createError('form_fields', { type: 'slider' })).toBe(
        'Error parsing field type: Value must match one of email, file, multiple_choice, number, phone, signature, string, stringLong, ranking, rating, date, dateString, Question Group, Table Input, description, Address',
      );
      expect(parseCreate(def('form_fields'), { formId: ID }).title).toBe('');
      expect(
        create('form_fields', {
          type: 'Table Input',
          options: { tableChoices: [{ label: 'Medication', type: 'Text' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily', 'Weekly'] } }] },
        }).options,
      ).toEqual({ tableChoices: [{ label: 'Medication', type: 'Text' }, { label: 'Frequency', type: 'Select', info: { choices: ['Daily', 'Weekly'] } }] });
      expect(createError('form_fields', { options: { tableChoices: [{ label: 'When', type: 'Time' }] } })).toBe(
        'Error parsing field options: Value must match one of Text, Date, Select',
      );
      expect(createError('form_fields', { options: { colour: 'red' } })).toBe('Error parsing field options: Got unexpected field(s) [colour]');
      expect(create('form_fields', { type: 'rating', options: { from: 1, to: 10 } }).options).toEqual({ from: 1, to: 10 });
      expect(create('form_fields', { type: 'Question Group', options: { subFields: [{ id: ID }] } }).options).toEqual({ subFields: [{ id: ID }] });
      expect(createError('form_fields', { previousFields: [{ type: 'after', info: {} }] })).toBe('Error parsing field previousFields: missing value for fieldId');
      expect(createError('form_fields', { previousFields: [{ type: 'sometimes', info: {} }] })).toBe(
        'Error parsing field previousFields: Value must match one of root, after, previousEquals, compoundLogic',
      );
      expect(create('form_fields', { flowchartUI: { x: 10, y: 20 } }).flowchartUI).toEqual({ x: 10, y: 20 });
      expect(updateError('form_fields', { formId: OTHER_ID })).toBe('Error parsing field formId: This field cannot be updated');
    });
  });

  describe('form_responses', () => {
    const respond = (answer: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      create('form_responses', { responses: [{ fieldId: ID, fieldTitle: 'Question', answer, ...extra }] });
    const respondError = (answer: Record<string, unknown>, extra: Record<string, unknown> = {}) => message(() => respond(answer, extra));

    it('goes with its form and its enduser; the access code is issued by the server', () => {
      expect(def('form_responses').fields.formId.references).toEqual({ resource: 'forms', onDelete: 'cascade' });
      expect(def('form_responses').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      expect(createError('form_responses', { accessCode: 'abc' })).toBe('Error parsing field accessCode: This field cannot be updated');
      expect(createError('form_responses', { sharedVia: 'Fax' })).toBe('Error parsing field sharedVia: Value must match one of Email, SMS, Chat');
    });

    it('checks each answer by its field type', () => {
      expect(respond({ type: 'string', value: 'x'.repeat(1000) })).toBeDefined();
      expect(respondError({ type: 'string', value: 'x'.repeat(1001) })).toBe('Error parsing field responses: Response must not exceed 1000 characters');
      expect(respondError({ type: 'stringLong', value: 'x'.repeat(10_001) })).toBe('Error parsing field responses: Response must not exceed 10000 characters');
      expect(respondError({ type: 'number', value: 'twelve' })).toBe('Error parsing field responses: Response must be a number');
      expect((respond({ type: 'number', value: '12' }).responses as { answer: unknown }[])[0].answer).toEqual({ type: 'number', value: 12 });
      expect(respondError({ type: 'dateString', value: '2026-01-31' })).toBe('Error parsing field responses: Enter a date in MM-DD-YYYY format');
      expect(respond({ type: 'dateString', value: '01-31-2026' })).toBeDefined();
      expect((respond({ type: 'multiple_choice', value: 'Great' }).responses as { answer: unknown }[])[0].answer).toEqual({ type: 'multiple_choice', value: ['Great'] });
      expect(respond({ type: 'ranking', value: ['b', 'a'] })).toBeDefined();
      expect(respond({ type: 'Address', value: { addressLineOne: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' } })).toBeDefined();
      expect(respond({ type: 'signature', value: { signed: true, fullName: 'Pat Patient' } })).toBeDefined();
      expect(respond({ type: 'file', value: { name: 'id.png', secureName: 'abc123' } })).toBeDefined();
      expect(respondError({ type: 'file', value: { name: 'id.png' } })).toBe('Error parsing field responses: missing value for secureName');
      expect(respond({ type: 'Table Input', value: [[{ label: 'Medication', entry: 'Ibuprofen' }]] })).toBeDefined();
      expect(respond({ type: 'date', value: '2026-01-31T10:00:00.000Z' })).toBeDefined();
      expect(respond({ type: 'email', value: '' })).toBeDefined();
      expect(respondError({ type: 'email', value: 'nope' })).toBe('Error parsing field responses: Invalid email: nope');
      expect(respondError({ type: 'voice', value: 'hello' })).toBe(
        'Error parsing field responses: Value must match one of email, file, multiple_choice, number, phone, signature, string, stringLong, ranking, rating, date, dateString, Question Group, Table Input, description, Address',
      );
      expect(respondError({ type: 'string', value: 'a', extra: 1 })).toBe('Error parsing field responses: Got unexpected field(s) [extra]');
    });

    it('carries field title, optional descriptions and touched', () => {
      expect(respond({ type: 'string', value: 'a' }, { fieldDescription: 'd', fieldHtmlDescription: '<p>d</p>', touched: true })).toBeDefined();
      expect(message(() => create('form_responses', { responses: [{ fieldId: ID, answer: { type: 'string', value: 'a' } }] }))).toBe(
        'Error parsing field responses: missing value for fieldTitle',
      );
      expect(message(() => create('form_responses', { responses: [{ fieldId: ID, fieldTitle: 'Q' }] }))).toBe(
        'Error parsing field responses: missing value for answer',
      );
    });
  });
});
