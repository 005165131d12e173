import type { Translation } from '../../types';
import type en from '../en/legal';

export default {
  lastUpdated: 'Última actualización: {{date}}',
  downloadPdf: 'Descargar en PDF (en inglés)',
  backToPortal: 'Volver al portal',
} satisfies Translation<typeof en>;
