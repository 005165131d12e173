import type { Translation } from '../../types';
import type en from '../en/home';

export default {
  welcome: '¡Bienvenido!',
  welcomeName: '¡Bienvenido, {{name}}!',
  outstandingForms_one: 'Tiene 1 formulario por completar',
  outstandingForms_other: 'Tiene {{count}} formularios por completar',
  unreadMessages_one: 'Tiene 1 conversación con mensajes sin leer',
  unreadMessages_other: 'Tiene {{count}} conversaciones con mensajes sin leer',
  goToDocuments: 'Ir a Documentos',
  goToCommunications: 'Ir a Mensajes',
  yourEvents: 'Sus eventos',
  noEvents: 'No tiene eventos próximos.',
  seeAllEvents: 'Ver los {{total}} eventos',
  careTeam: 'Su equipo de atención',
  noCareTeam: 'Su equipo de atención aparecerá aquí.',
  education: 'Educación',
  noContent: 'No hay contenido disponible en este momento',
  untitled: 'Sin título',
  carePlan: 'Plan de cuidado',
  carePlanEmpty: 'Su plan de cuidado aparecerá aquí.',
} satisfies Translation<typeof en>;
