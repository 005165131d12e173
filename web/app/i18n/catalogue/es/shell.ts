import type { Translation } from '../../types';
import type en from '../en/shell';

export default {
  pages: {
    home: 'Inicio',
    communications: 'Mensajes',
    documents: 'Documentos',
    education: 'Educación',
    myEvents: 'Mis eventos',
    carePlan: 'Plan de cuidado',
    appointmentBooking: 'Reservar una cita',
    community: 'Comunidad',
  },
  settings: 'Configuración',
  logOut: 'Cerrar sesión',
  mainNavigation: 'Principal',
  bottomNavigation: 'Navegación inferior',
  collapseNavigation: 'Contraer la navegación',
  expandNavigation: 'Expandir la navegación',
  openMenu: 'Abrir el menú',
  closeMenu: 'Cerrar el menú',
  menu: 'Menú',
  skipToContent: 'Ir al contenido',
  liveCallBefore: 'Únase a su próxima llamada con este ',
  liveCallLink: 'enlace',
  liveCallAfter: '',
  dismiss: 'Descartar',
} satisfies Translation<typeof en>;
