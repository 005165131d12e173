import { questionsOnPath, shownSubFields, type FlowAnswer, type FlowField } from './form-flow';

/** A group whose sub-questions show on conditions over earlier answers and each other's. */
const FIELDS: FlowField[] = [
  { id: 'smoker', type: 'multiple_choice', previousFields: [{ type: 'root', info: {} }] },
  { id: 'group', type: 'Question Group', previousFields: [{ type: 'after', info: { fieldId: 'smoker' } }], options: { subFields: [{ id: 'packs' }, { id: 'years' }, { id: 'always' }] } },
  { id: 'packs', type: 'number', groupShowCondition: { condition: { smoker: 'Yes' } } },
  { id: 'years', type: 'number', groupShowCondition: { $and: [{ condition: { smoker: 'Yes' } }, { condition: { packs: { $gt: 1 } } }] } },
  { id: 'always', type: 'string', groupShowCondition: {} },
];

const answers = (values: Record<string, unknown>) => new Map<string, FlowAnswer>(Object.entries(values).map(([id, value]) => [id, { value }]));
const ids = (fields: FlowField[]) => fields.map((field) => field.id);

describe('form flow: groupShowCondition', () => {
  test('a sub-question shows only while its condition holds; none or {} always shows', () => {
    expect(ids(shownSubFields(FIELDS[1], FIELDS, answers({ smoker: ['No'] })))).toEqual(['always']);
    expect(ids(shownSubFields(FIELDS[1], FIELDS, answers({ smoker: ['Yes'] })))).toEqual(['packs', 'always']);
    // A condition may read another sub-question of the same group.
    expect(ids(shownSubFields(FIELDS[1], FIELDS, answers({ smoker: ['Yes'], packs: 2 })))).toEqual(['packs', 'years', 'always']);
  });

  test('hidden sub-questions are not on the path a submission must answer', () => {
    expect(ids(questionsOnPath(FIELDS, answers({ smoker: ['No'] })))).toEqual(['smoker', 'group', 'always']);
    expect(ids(questionsOnPath(FIELDS, answers({ smoker: ['Yes'], packs: 3 })))).toEqual(['smoker', 'group', 'packs', 'years', 'always']);
  });
});
