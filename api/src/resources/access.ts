// The access rules live in @carelane/engine with the engine that applies them.
export {
  ACCESS_MESSAGES,
  applyVisibility,
  assertRecordAccess,
  authorize,
  creatorOnly,
  levelFor,
  organizationScope,
  visibilityFilter,
  type AccessContext,
  type Visibility,
} from '@carelane/engine';
