import { enduserMatches } from '@carelane/automation';
import { conditionSentence, filterOfRows, rowsOfFilter, type ConditionRow } from '../../web/app/staff/journey-builder/conditions';

/** Issue 36: conditions edited as sentences are the filters the worker reads, and read back as the same rows and words. */
describe('staff journey builder: conditions as sentences', () => {
  const rows: ConditionRow[] = [
    { field: 'tags', operator: 'contains', value: 'vip' },
    { field: 'smoker', operator: 'is', value: 'Yes' },
    { field: 'visits', operator: 'gt', value: '2' },
    { field: 'email', operator: 'set', value: '' },
    { field: '', operator: 'is', value: 'ignored' },
  ];

  it('rows become the filter the step runner checks, and back', () => {
    const filter = filterOfRows(rows);
    expect(filter).toEqual({
      $and: [{ condition: { tags: { $contains: 'vip' } } }, { condition: { smoker: 'Yes' } }, { condition: { visits: { $gt: 2 } } }, { condition: { email: { $exists: true } } }],
    });
    expect(rowsOfFilter(filter)).toEqual(rows.slice(0, 4));
    const patient = { tags: ['VIP'], email: 'a@example.com', fields: { smoker: 'yes', visits: 3 } };
    expect(enduserMatches(patient, filter)).toBe(true);
    expect(enduserMatches({ ...patient, fields: { smoker: 'No', visits: 3 } }, filter)).toBe(false);
    expect(enduserMatches({ ...patient, fields: { smoker: 'Yes', visits: 1 } }, filter)).toBe(false);
    expect(filterOfRows([{ field: '', operator: 'is', value: '' }])).toBeUndefined();
    expect(filterOfRows(rows.slice(1, 2))).toEqual({ condition: { smoker: 'Yes' } });
  });

  it('reads as a sentence with the fields by name', () => {
    const label = (field: string) => ({ tags: 'Tags', smoker: "Answer to 'Do you smoke?'" })[field] ?? `'${field}'`;
    expect(conditionSentence(filterOfRows(rows), label)).toBe("Only if Tags contains 'vip' and Answer to 'Do you smoke?' is 'Yes' and 'visits' is more than '2' and 'email' has a value");
    expect(conditionSentence(undefined, label)).toBe('');
  });
});
