import { FREE_FORM_INFO_CHARS, type CatalogueEntry, type FieldShape, type InfoShape } from '@carelane/automation';
import * as v from './validators';
import type { Shape, Validator } from './validators';

/**
 * The automation catalogue's input shapes (@carelane/automation, plain data) as validators, with the
 * messages every other field gets: the catalogue says what an event or action takes, this file is
 * the one place that checks it.
 */

const validatorOf = (shape: FieldShape): Validator => {
  switch (shape.kind) {
    case 'id':
      return v.id;
    case 'string':
      return v.string(shape.max);
    case 'text':
      return v.text(shape.max);
    case 'number':
      return v.number(shape.min, shape.max);
    case 'nonNegativeNumber':
      return v.nonNegativeNumber;
    case 'boolean':
      return v.boolean;
    case 'email':
      return v.email;
    case 'url':
      return v.url;
    case 'oneOf':
      return v.oneOf(shape.values);
    case 'list':
      return v.listOf(validatorOf(shape.of));
    case 'object':
      return v.objectOf(shapeOf(shape.fields));
    case 'json':
      return v.jsonObject(shape.max);
    case 'byType':
      return v.byType(Object.fromEntries(Object.entries(shape.types).map(([type, info]) => [type, infoShape(info)])));
  }
};

/** An object's fields as the validators' Shape (unknown keys refused by objectOf). */
export const shapeOf = (fields: InfoShape): Shape =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.required ? v.required(validatorOf(field)) : v.optional(validatorOf(field))]));

/** `{ info }` of one type: required with its fields, optional and empty for none, a bounded JSON object for free-form settings. */
export const infoShape = (info: CatalogueEntry['info']): Shape =>
  info === null ? v.noInfo : info === 'any' ? { info: v.optional(v.jsonObject(FREE_FORM_INFO_CHARS)) } : v.infoOf(shapeOf(info));

/** A `{ type, info }` validator over catalogue entries; `shared` are the keys every type also takes. */
export const catalogueValidator = (entries: Record<string, CatalogueEntry>, shared: Shape = {}) =>
  v.byType(Object.fromEntries(Object.values(entries).map((entry) => [entry.type, infoShape(entry.info)])), shared);

/** A field validator from a catalogue shape, for the few shapes other definitions share (care-team tags). */
export const catalogueField = validatorOf;
