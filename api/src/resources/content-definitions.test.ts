import { parseUpdate } from '@carelane/engine';
import { definitionKit, describeEachDefinition, ENDUSER, OTHER_ID, STAFF, message } from './definition-test-kit';

/**
 * Content definitions without a database: managed content and its assignments, the enduser portal's
 * pages and files, with the rules of docs/contract/entities.md#files-and-content, validation.md and
 * access.md and their exact messages.
 */

const { definitions, def, create, createError, enduserAccess } = definitionKit('content');

describe('content resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers only the access of seeds 000 §6', () => {
    expect(enduserAccess()).toMatchObject({
      files: ['create', 'read', 'update', 'delete'],
      portal_customizations: ['read'],
    });
  });

  describe('managed content', () => {
    it('checks managed content type, assignment type and blocks', () => {
      expect(createError('managed_content_records', { type: 'Podcast' })).toBe('Error parsing field type: Value must match one of Article, PDF, Video');
      expect(createError('managed_content_records', { assignmentType: 'Some' })).toBe(
        'Error parsing field assignmentType: Value must match one of All, By Tags, Manual, Individual',
      );
      expect(createError('managed_content_records', { blocks: [{ type: 'audio', info: {} }] })).toBe(
        'Error parsing field blocks: Value must match one of h1, h2, html, image, pdf, youtube, iframe',
      );
      expect(def('managed_content_record_assignments').fields.contentId.references).toEqual({
        resource: 'managed_content_records',
        onDelete: 'cascade',
      });
    });

    it('removes assignments with their enduser', () => {
      expect(def('managed_content_record_assignments').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
    });
  });

  describe('portal_customizations', () => {
    it("refuses to disable the Home page, on create and on update", () => {
      expect(createError('portal_customizations', { page: 'Home', disabled: true })).toBe('Home page cannot be disabled');
      expect(create('portal_customizations', { page: 'Communications', disabled: true }).disabled).toBe(true);
      const home = create('portal_customizations', { page: 'Home', disabled: false });
      expect(message(() => parseUpdate(def('portal_customizations'), home, { disabled: 'true' }))).toBe('Home page cannot be disabled');
    });

    it('checks block types', () => {
      expect(createError('portal_customizations', { blocks: [{ type: 'video', info: {} }] })).toBe(
        'Error parsing field blocks: Value must match one of careTeam, education, carePlan, text',
      );
      expect(create('portal_customizations', { blocks: [{ type: 'carePlan', info: {} }, { type: 'education' }] }).blocks).toHaveLength(2);
      expect(createError('portal_customizations', { blocks: [{ type: 'text', info: {} }] })).toBe('Error parsing field blocks: missing value for text');
    });

    it('is unique per page', () => {
      expect(def('portal_customizations').unique).toEqual([['page']]);
    });
  });

  describe('files', () => {
    it('checks size and mime type', () => {
      expect(createError('files', { size: 25_000_001 })).toBe('Error parsing field size: Not a valid number for [0-25000000]');
      expect(createError('files', { type: 'pdf' })).toBe('Error parsing field type: Invalid mime type');
    });

    it("keeps the storage name and public visibility server-side, and files an enduser's upload under them", () => {
      expect(createError('files', { secureName: 'x' })).toBe('Error parsing field secureName: This field cannot be updated');
      expect(createError('files', { publicRead: true })).toBe('Error parsing field publicRead: This field cannot be updated');
      expect(create('files', { enduserId: OTHER_ID }, ENDUSER).enduserId).toBe(ENDUSER.id);
      expect(create('files', { enduserId: OTHER_ID }, STAFF).enduserId).toBe(OTHER_ID);
    });
  });
});
