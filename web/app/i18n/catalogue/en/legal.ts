/** The frame of the legal pages (components/LegalPage.tsx); the documents themselves stay in English (common: legalEnglishOnly). */
export default {
  lastUpdated: 'Last updated {{date}}',
  downloadPdf: 'Download as PDF',
  backToPortal: 'Back to the portal',
} as const;
