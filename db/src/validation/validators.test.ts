import { FieldError } from './field-error';
import * as v from './validators';

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof FieldError) return error.message;
    throw error;
  }
  throw new Error('expected a FieldError');
};

describe('field validators (seeds 000 §5)', () => {
  test('phones: non-digits stripped, +1 for ten digits, at least 10 digits, a valid mobile number', () => {
    expect(v.phone('(415) 555-2671')).toBe('+14155552671');
    expect(v.phone('+44 7911 123456')).toBe('+447911123456');
    expect(messageOf(() => v.phone('555-1234'))).toBe('Phone number must be at least 10 digits');
    expect(messageOf(() => v.phone('+1 000 000 0000'))).toBe('Invalid phone number');
  });

  test('emails are lowercased and at most 250 characters', () => {
    expect(v.email(' Someone@Example.COM ')).toBe('someone@example.com');
    expect(messageOf(() => v.email('not-an-email'))).toBe('Invalid email: not-an-email');
    expect(() => v.email(`${'a'.repeat(245)}@example.com`)).toThrow(FieldError);
  });

  test('names: allowed characters, at most 100, first letter capitalised', () => {
    expect(v.name('mary-jane o.')).toBe('Mary-jane o.');
    expect(messageOf(() => v.name('<script>'))).toBe('Invalid name');
    expect(messageOf(() => v.name('a'.repeat(101)))).toBe('Invalid name');
  });

  test('numbers within 1e13, booleans from true/false, ids of 24 hex characters', () => {
    expect(v.number()(12)).toBe(12);
    expect(messageOf(() => v.number()('twelve'))).toBe('Not a valid number');
    expect(() => v.number()(1e14)).toThrow(FieldError);
    expect(v.boolean('false')).toBe(false);
    expect(messageOf(() => v.boolean('yes'))).toBe('Invalid boolean');
    expect(messageOf(() => v.id('123'))).toBe('Invalid id');
  });

  test('lists hold at most 1000 elements', () => {
    expect(messageOf(() => v.listOf(v.string())(new Array(1001).fill('x')))).toBe('Arrays should not contain more than 1000 elements');
  });

  test('custom fields: reserved keys, leading underscore, key length, strings cut to 512, objects at most 4096', () => {
    expect(messageOf(() => v.customFields({ _secret: 1 }))).toBe("Fields that start with '_' are not allowed");
    expect(() => v.customFields({ email: 'x' })).toThrow(FieldError);
    expect(() => v.customFields({ ['k'.repeat(257)]: 'x' })).toThrow(FieldError);
    expect((v.customFields({ note: 'n'.repeat(600) }).note as string).length).toBe(512);
    expect(() => v.customFields({ big: { text: 'x'.repeat(5000) } })).toThrow(FieldError);
  });

  test('passwords follow the server rule with its messages', () => {
    expect(messageOf(() => v.password('Short1'))).toBe('Password must be at least 8 characters long');
    expect(messageOf(() => v.password('alllowercase'))).toBe('Password must included 1 uppercase letter, 1 number, or 1 symbol');
    expect(v.password('lowercase1')).toBe('lowercase1');
  });

  test('choices must match the listed options', () => {
    expect(messageOf(() => v.oneOf(['a', 'b'])('c'))).toBe('Value must match one of a, b');
  });
});
