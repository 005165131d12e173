/** The signed-in frame: navigation, account links, the menu and the live-call alert (components/PortalShell.tsx). */
export default {
  pages: {
    home: 'Home',
    communications: 'Communications',
    documents: 'Documents',
    education: 'Education',
    myEvents: 'My Events',
    carePlan: 'Care Plan',
    appointmentBooking: 'Book an Appointment',
    community: 'Community',
  },
  settings: 'Settings',
  logOut: 'Log Out',
  mainNavigation: 'Main',
  bottomNavigation: 'Bottom navigation',
  collapseNavigation: 'Collapse navigation',
  expandNavigation: 'Expand navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  skipToContent: 'Skip to content',
  // docs/contract/portal.md#shell: 'Join your upcoming call with a here link', with 'here' the link.
  liveCallBefore: 'Join your upcoming call with a ',
  liveCallLink: 'here',
  liveCallAfter: ' link',
  dismiss: 'Dismiss',
} as const;
