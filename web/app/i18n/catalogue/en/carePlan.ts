/** Care Plan (docs/contract/portal.md#care-plan). */
export default {
  // The texts of docs/contract/portal.md#care-plan: the first name with 's, then 'Care Plan'.
  titleOf: "{{name}}'s Care Plan",
  title: 'Your Care Plan',
  empty: 'Your care plan will appear here.',
} as const;
