/** Documents: forms to fill, submitted forms, shared and uploaded files (docs/contract/portal.md#documents). */
export default {
  title: 'Documents',
  // The texts of docs/contract/portal.md#documents.
  sharedFiles: 'Shared Files',
  outstandingForms: 'Outstanding Forms',
  submittedForms: 'Your Submitted Forms',
  addFile: 'Add File',
  filters: { all: 'All Files', shared: 'Shared Files', uploaded: 'Your Uploaded Files' },
  uploadFailed: 'Failed to upload file',
  // Ours: the spec gives no texts for these.
  noOutstanding: 'You have no forms to complete.',
  noSubmitted: 'You have not submitted any forms yet.',
  noFiles: 'No files yet.',
  submittedOn: 'Submitted {{date}}',
  hide: 'Hide',
  hideItem: 'Hide {{name}}',
  show: 'Show',
  filter: 'Filter',
  filterFiles: 'Filter files',
  form: 'Form',
  file: 'File',
  upload: 'Upload',
  cancel: 'Cancel',
  uploadProgress: 'Upload progress',
  uploadingPercent: 'Uploading... {{percent}}%',
  fileRequired: 'A file is required',
  fileTooLarge: 'This file is too large (at most 25 MB)',
  downloadFailed: 'The file could not be downloaded',
  backToDocuments: 'Back to Documents',
  // A file picker of our own, so its words follow the page's language (the browser's own picker speaks the browser's).
  chooseFile: 'Choose a file',
  noFileChosen: 'No file chosen',
} as const;
