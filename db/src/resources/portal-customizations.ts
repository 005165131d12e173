import { FieldError } from '../validation/field-error';
import { portalBlocks } from '../validation/content-validators';
import { defineResource, field } from './define';

/** Layout of one portal page (Home, Communications, Care Plan ...): its blocks and navigation position. */
export const portal_customizations = defineResource({
  name: 'portal_customizations',
  fields: {
    page: field.string({ required: true, max: 100 }),
    title: field.string({ max: 1000 }),
    blocks: field.json(portalBlocks, { required: true }),
    disabled: field.boolean(),
    mobileBottomNavigationPosition: field.nonNegative(),
    headerImageURL: field.string({ max: 1000 }),
    iconURL: field.string({ max: 1000 }),
    activeIconURL: field.string({ max: 1000 }),
    hiddenEventTitles: field.strings(),
    hiddenFormIds: field.ids(),
  },
  unique: [['page']],
  check: (record) => {
    if (record.page === 'Home' && record.disabled === true) throw new FieldError('Home page cannot be disabled');
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: {
    page: 'Home',
    title: 'Welcome',
    blocks: [
      { type: 'careTeam', info: { title: 'Your care team' } },
      { type: 'text', info: { text: 'We are glad you are here.' } },
    ],
  },
});
