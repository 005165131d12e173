import type { Translation } from '../../types';
import type en from '../en/content';

export default {
  otherContent: 'Otro contenido',
  searchResults: 'Resultados de la búsqueda',
  noContent: 'No hay contenido disponible en este momento',
  noMatches: 'Ningún contenido coincide con su búsqueda',
  deleted: 'Este contenido fue eliminado.',
  loadingPdf: 'Cargando el PDF...',
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
  openPdf: 'Ver en una pestaña nueva o descargar aquí',
  titleOf: 'Biblioteca educativa de {{name}}',
  title: 'Su biblioteca educativa',
  search: 'Buscar contenido',
  education: 'Educación',
  backToEducation: 'Volver a Educación',
  pdfPage: '{{name}}, página {{page}} de {{count}}',
  video: 'Video',
  embedded: 'Contenido incrustado {{number}}',
  pdf: 'PDF',
  types: { PDF: 'PDF', Video: 'Video', Article: 'Artículo', HTML: 'Página' },
} satisfies Translation<typeof en>;
