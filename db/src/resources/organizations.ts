import * as v from '../validation/validators';
import { PORTAL_LANGUAGES } from '@carelane/automation';
import { organizationSettings } from '../validation/organization-validators';
import { defineResource, field } from './define';
import { ACCESS_MESSAGES, refuse } from './policy';

const optionalText = v.optional(v.text(1000));
const optionalFlag = v.optional(v.boolean);

/** The enduser portal's settings, in the reference client's shape (PortalSettings of @tellescope/types-models). */
export const portalSettings = v.objectOf({
  authentication: v.optional(
    v.objectOf({
      landingTitle: optionalText,
      landingLogo: optionalText,
      landingGraphic: optionalText,
      loginTitle: optionalText,
      loginDescription: optionalText,
      loginGraphic: optionalText,
      registerTitle: optionalText,
      registerDescription: optionalText,
      registerGraphic: optionalText,
      hideRegister: optionalFlag,
      dontPromptSetPassword: optionalFlag,
    }),
  ),
  communication: v.optional(
    v.objectOf({
      allowEnduserInitiatedChat: optionalFlag,
      enduserInitiatedChatDefaultSubject: optionalText,
      sendEmailNotificationsToEnduser: optionalFlag,
      sendSMSNotificationsToEnduser: optionalFlag,
    }),
  ),
  orders: v.optional(v.objectOf({ customOrderTrackingURL: optionalText })),
});

/** Tenants. A root organization's businessId is its own id; sub-organizations share the root's. */
export const organizations = defineResource({
  name: 'organizations',
  fields: {
    name: field.string({ required: true, max: 250, searchable: true }),
    subdomain: field.string({ required: true, max: 100, updatable: false, indexed: true }),
    owner: field.id(),
    parentOrganizationId: field.id({ updatable: false }),
    limits: field.server('json'),
    subscriptionExpiresAt: field.date(),
    subscriptionPeriod: field.number(),
    logoVersion: field.nonNegative(),
    faviconVersion: field.nonNegative(),
    logoURL: field.url(),
    faviconURL: field.url(),
    roles: field.strings({ max: 100 }),
    skills: field.strings({ max: 100 }),
    themeColor: field.string({ max: 100 }),
    themeColorSecondary: field.string({ max: 100 }),
    enduserDisplayName: field.string({ max: 100 }),
    customPortalURL: field.string({ max: 250, indexed: true }),
    portalSettings: field.json(portalSettings),
    settings: field.json(organizationSettings),
    timezone: field.string({ max: 100 }),
    /** Every staff password sign-in is followed by an emailed code (docs/contract/access.md#second-factor). */
    enforceMFA: field.boolean(),
    /** Every patient password sign-in in the portal is followed by a code (our name; the reference client has none). */
    enforceEnduserMFA: field.boolean(),
    /** The portal's language for a patient who has not chosen one (our name; docs/decisions.md, "languages"). */
    defaultLanguage: field.oneOf(PORTAL_LANGUAGES),
  },
  globallyUnique: [['subdomain']],
  access: { user: ['read', 'update'] },
  policy: {
    // Organization settings (name, portal, owner ...) are Admin matters (docs/contract/access.md#organization-ownership).
    adminOnly: ['update'],
    scopeIncludesOwnOrganization: true,
    rules: ({ operation, caller, existing, payload }) => {
      if (operation !== 'update' || !existing || payload?.owner === undefined) return;
      if (existing.owner) {
        if (existing.owner !== caller.id) refuse(403, ACCESS_MESSAGES.changeOwner);
      } else if (existing.creator !== caller.id) {
        refuse(403, ACCESS_MESSAGES.initialOwner);
      }
    },
  },
  example: { name: 'Example Clinic', subdomain: 'example-clinic' },
});
