import { SectionTabs } from '../shell/SectionTabs';

export const SETTINGS_TABS = [
  { path: '/staff/settings/team', label: 'Team' },
  { path: '/staff/settings/roles', label: 'Roles' },
  { path: '/staff/settings/api-keys', label: 'API keys' },
  { path: '/staff/settings/webhooks', label: 'Webhooks' },
  { path: '/staff/settings/integrations', label: 'Integrations' },
  { path: '/staff/settings/organization', label: 'Organization' },
  { path: '/staff/settings/patient-details', label: 'Patient details' },
  { path: '/staff/settings/billing', label: 'Billing' },
] as const;

/** The organization's settings, one tab each. */
export function SettingsTabs() {
  return <SectionTabs label="Settings" tabs={SETTINGS_TABS} />;
}
