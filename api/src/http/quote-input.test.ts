import { quoteInput } from './quote-input';

describe('quoteInput', () => {
  it('keeps plain text and drops markup, quotes and control characters', () => {
    expect(quoteInput('alert(1)')).toBe('alert(1)');
    expect(quoteInput('<script>alert(1)</script>')).toBe('alert(1)');
    expect(quoteInput('<img src=x onerror="alert(1)">hi')).toBe('hi');
    expect(quoteInput('a"b\'c\u0000d<e')).toBe('abcd');
    expect(quoteInput('x'.repeat(500))).toHaveLength(100);
  });
});
