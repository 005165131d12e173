import { RESOURCES } from '@carelane/db';
import { htmlFields } from './html-fields';

describe('HTML fields', () => {
  it('every client-written field named like html is marked html, so the one sanitiser cleans it', () => {
    const unmarked = RESOURCES.flatMap((definition) =>
      Object.entries(definition.fields)
        .filter(([name, field]) => /html/i.test(name) && field.validate && !field.readonly && field.html !== true)
        .map(([name]) => `${definition.name}.${name}`),
    );
    expect(unmarked).toEqual([]);
  });

  it('finds forum posts htmlContent', () => {
    expect(htmlFields(RESOURCES.find((definition) => definition.name === 'forum_posts')!)).toEqual(['htmlContent']);
  });
});
