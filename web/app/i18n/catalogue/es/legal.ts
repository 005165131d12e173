import type { Translation } from '../../types';
import type en from '../en/legal';

export default {
  backToPortal: 'Volver al portal',
} satisfies Translation<typeof en>;
