/** Education: the library and one content item (docs/contract/portal.md#content). */
export default {
  // The texts of docs/contract/portal.md#content.
  otherContent: 'Other Content',
  searchResults: 'Search Results',
  noContent: 'No content is available at this time',
  noMatches: 'No content matches your search',
  deleted: 'This content has been deleted.',
  loadingPdf: 'Loading pdf...',
  previousPage: 'Previous Page',
  nextPage: 'Next Page',
  openPdf: 'View in new tab or download here',
  // Ours: the spec says only 'personalised'.
  titleOf: "{{name}}'s Education Library",
  title: 'Your Education Library',
  search: 'Search content',
  education: 'Education',
  backToEducation: 'Back to Education',
  pdfPage: '{{name}}, page {{page}} of {{count}}',
  video: 'Video',
  embedded: 'Embedded content {{number}}',
  pdf: 'PDF',
  types: { PDF: 'PDF', Video: 'Video', Article: 'Article', HTML: 'Page' },
} as const;
