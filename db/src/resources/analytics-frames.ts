import { FieldError } from '../validation/field-error';
import { ANALYTICS_FRAME_TYPES, analyticsGroupingCategories, analyticsQuery, dateRange } from '../validation/organization-validators';
import { defineResource, field } from './define';

/** A saved analytics query, optionally nested under a parent frame (which then supplies the title). */
export const analytics_frames = defineResource({
  name: 'analytics_frames',
  fields: {
    title: field.string({ max: 100, searchable: true }),
    query: field.json(analyticsQuery, { required: true }),
    createdRange: field.json(dateRange),
    updatedRange: field.json(dateRange),
    parentFrame: field.id({ references: { resource: 'analytics_frames', onDelete: 'cascade' } }),
    type: field.oneOf(ANALYTICS_FRAME_TYPES),
    displayType: field.string({ max: 100 }),
    groupByCareTeam: field.boolean(),
    overrideGlobalRange: field.boolean(),
    analyticsFrameGroupingCategory: field.json(analyticsGroupingCategories),
    truncationLength: field.nonNegative(),
    showEllipsis: field.boolean(),
    orderedLabels: field.strings(),
    visibleForRoles: field.strings({ max: 100 }),
  },
  check: (record) => {
    if (!record.title && !record.parentFrame) throw new FieldError('Title is required');
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    title: 'New endusers',
    query: { resource: 'Endusers', info: { method: 'Total', parameters: {} }, filter: {} },
  },
});
