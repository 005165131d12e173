import { readAnswer, type FormField, type InputReader } from '../../web/app/forms/answers';

/** A posted form as the reader sees it: each input name with its values, and chosen file names. */
const posted = (inputs: Record<string, string | string[]>, files: Record<string, string> = {}): InputReader => ({
  get: (name) => {
    const value = inputs[name];
    return Array.isArray(value) ? value[0] : value;
  },
  getAll: (name) => {
    const value = inputs[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  },
  fileName: (name) => files[name],
});

const question = (type: string, options: FormField['options'] = {}, isOptional = false): FormField => ({ id: 'q1', title: 'Question', type, isOptional, options });
const errorOf = (field: FormField, inputs: Record<string, string | string[]> = {}) => readAnswer(field, posted(inputs)).error;

/** docs/contract/validation.md#form-answers: each question type's rule and its exact message, as the portal checks a step (in the browser and again on the server). */
describe('portal: form answers and their messages', () => {
  test('text, email, phone, number and rating', () => {
    expect(errorOf(question('string'), { 'a.q1': '  ' })).toBe('A response is required');
    expect(errorOf(question('string', {}, true), { 'a.q1': '' })).toBeUndefined();
    expect(errorOf(question('email'), { 'a.q1': 'not-an-email' })).toBe('Enter a valid email');
    expect(errorOf(question('phone'), { 'a.q1': '12' })).toBe('Enter a valid phone number');
    // An optional phone may stay empty.
    expect(errorOf(question('phone', {}, true), { 'a.q1': '' })).toBeUndefined();
    expect(errorOf(question('number'), { 'a.q1': 'ten' })).toBe('Please enter a number');
    // 0 is a number like any other, and number input keeps an integer.
    expect(readAnswer(question('number'), posted({ 'a.q1': '0' }))).toEqual({ value: 0 });
    expect(readAnswer(question('number'), posted({ 'a.q1': '42.7' })).value).toBe(42);
    expect(errorOf(question('rating', { from: 1, to: 10 }), { 'a.q1': '11' })).toBe('Please enter a number between 1 and 10');
    expect(readAnswer(question('rating', { from: 0, to: 10 }), posted({ 'a.q1': '0' }))).toEqual({ value: 0, error: undefined });
  });

  test('dates', () => {
    expect(errorOf(question('date'), {})).toBe('Value not provided');
    expect(errorOf(question('dateString'), { 'a.q1': '2026-11-27' })).toBe('Enter a date in MM-DD-YYYY format');
    expect(errorOf(question('dateString'), { 'a.q1': '11-27-2026' })).toBeUndefined();
  });

  test('address: line 1, city, state and ZIP in that order, a ZIP of 5 digits or 5-4', () => {
    const address = question('Address');
    const full = { 'a.q1.addressLineOne': '1 Main St', 'a.q1.city': 'Springfield', 'a.q1.state': 'IL', 'a.q1.zipCode': '62701' };
    expect(errorOf(address, { ...full, 'a.q1.addressLineOne': '' })).toBe('Address Line 1 is required');
    expect(errorOf(address, { ...full, 'a.q1.city': '' })).toBe('City is required');
    expect(errorOf(address, { ...full, 'a.q1.state': '' })).toBe('State is required');
    expect(errorOf(address, { ...full, 'a.q1.zipCode': '' })).toBe('ZIP code is required');
    expect(errorOf(address, { ...full, 'a.q1.zipCode': '6270' })).toBe('Enter a valid ZIP code');
    expect(errorOf(address, { ...full, 'a.q1.zipCode': '62701-1234' })).toBeUndefined();
    expect(errorOf(question('Address', {}, true), {})).toBeUndefined();
  });

  test('signature: consent first, then the full name', () => {
    expect(errorOf(question('signature'), { 'a.q1.fullName': 'Pat Patient' })).toBe('Please accept the terms of this signature');
    expect(errorOf(question('signature'), { 'a.q1.consent': 'on' })).toBe('Please enter your full name');
    expect(readAnswer(question('signature'), posted({ 'a.q1.consent': 'on', 'a.q1.fullName': 'Pat Patient' }))).toEqual({ value: { signed: true, fullName: 'Pat Patient' }, error: undefined });
  });

  test('choices, files and tables', () => {
    expect(errorOf(question('multiple_choice', { choices: ['Yes', 'No'] }), {})).toBe('A value must be checked');
    // A single choice keeps at most one value.
    expect(readAnswer(question('multiple_choice', { choices: ['Yes', 'No'], radio: true }), posted({ 'a.q1': ['Yes', 'No'] })).value).toEqual(['Yes']);
    expect(errorOf(question('file'), {})).toBe('A file is required');
    expect(errorOf(question('Table Input'), {})).toBe('No input choices available');
    const table = question('Table Input', { tableChoices: [{ label: 'Medication', type: 'Text' }, { label: 'Started', type: 'Date' }] });
    expect(errorOf(table, { 'a.q1.rows': '2', 'a.q1.0.0': 'Aspirin', 'a.q1.0.1': '01-02-2025', 'a.q1.1.0': '', 'a.q1.1.1': '01-02-2025' })).toBe('Enter a value for Medication in row 2');
    expect(errorOf(table, { 'a.q1.rows': '1', 'a.q1.0.0': 'Aspirin', 'a.q1.0.1': '2025-01-02' })).toBe('Enter a date in MM-DD-YYYY format for Started in row 1');
    expect(errorOf(table, { 'a.q1.rows': '0' })).toBe('A response is required');
  });
});
