import { enduserMatches } from '@carelane/automation';
import { explainEnduserMatch } from '@carelane/automation';
import { conditionSentence, filterOfGroups, filterOfRows, groupsOfFilter, groupsOfForm, rowsOfFilter, type ConditionGroup, type ConditionRow } from '../../web/app/staff/journey-builder/conditions';

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

  const label = (field: string) => ({ tags: 'Tags', state: 'State (address)' })[field] ?? `'${field}'`;
  const vip: ConditionRow = { field: 'tags', operator: 'contains', value: 'vip' };
  const inState = (value: string): ConditionRow => ({ field: 'state', operator: 'is', value });

  it('an any-of group is the $or the step runner checks, reads back as the same group, and reads with "or"', () => {
    const groups: ConditionGroup[] = [{ mode: 'any', rows: [vip, inState('CA'), { field: '', operator: 'is', value: '' }] }];
    const filter = filterOfGroups(groups);
    expect(filter).toEqual({ $or: [{ condition: { tags: { $contains: 'vip' } } }, { condition: { state: 'CA' } }] });
    expect(groupsOfFilter(filter)).toEqual([{ mode: 'any', rows: [vip, inState('CA')] }]);
    expect(enduserMatches({ tags: ['vip'], state: 'NY' }, filter)).toBe(true);
    expect(enduserMatches({ tags: [], state: 'CA' }, filter)).toBe(true);
    expect(enduserMatches({ tags: [], state: 'NY' }, filter)).toBe(false);
    expect(explainEnduserMatch({ tags: [], state: 'NY' }, filter).failed).toBe("none of these held: tags contains 'vip' is false (tags: []); state is 'CA' is false (state: 'NY')");
    expect(conditionSentence(filter, label)).toBe("Only if Tags contains 'vip' or State (address) is 'CA'");
  });

  it('an all-of group beside an any-of group: both must hold, read back in the same groups and words', () => {
    const groups: ConditionGroup[] = [
      { mode: 'all', rows: [vip] },
      { mode: 'any', rows: [inState('CA'), inState('NY')] },
    ];
    const filter = filterOfGroups(groups);
    expect(filter).toEqual({ $and: [{ condition: { tags: { $contains: 'vip' } } }, { $or: [{ condition: { state: 'CA' } }, { condition: { state: 'NY' } }] }] });
    expect(groupsOfFilter(filter)).toEqual(groups);
    expect(enduserMatches({ tags: ['vip'], state: 'NY' }, filter)).toBe(true);
    expect(enduserMatches({ tags: ['vip'], state: 'TX' }, filter)).toBe(false);
    expect(enduserMatches({ tags: [], state: 'CA' }, filter)).toBe(false);
    expect(conditionSentence(filter, label)).toBe("Only if Tags contains 'vip' and (State (address) is 'CA' or State (address) is 'NY')");
    // Groups keep their order when read back.
    const reversed: ConditionGroup[] = [groups[1]!, groups[0]!];
    expect(groupsOfFilter(filterOfGroups(reversed))).toEqual(reversed);
    // A group of one row is the row itself, whatever its mode: it reads and runs the same.
    expect(filterOfGroups([{ mode: 'any', rows: [vip] }])).toEqual({ condition: { tags: { $contains: 'vip' } } });
  });

  it('reads the groups a form posts (rows numbered by group, one mode per group)', () => {
    const form = new FormData();
    const row = (group: number, field: string, operator: string, value: string) => {
      form.append('conditionGroup', String(group));
      form.append('conditionField', field);
      form.append('conditionOperator', operator);
      form.append('conditionValue', value);
    };
    form.append('conditionMode', 'all');
    form.append('conditionMode', 'any');
    row(0, 'tags', 'contains', ' vip ');
    row(1, 'state', 'is', 'CA');
    row(1, 'state', 'is', 'NY');
    expect(groupsOfForm(form)).toEqual([
      { mode: 'all', rows: [vip] },
      { mode: 'any', rows: [inState('CA'), inState('NY')] },
    ]);
  });
});
