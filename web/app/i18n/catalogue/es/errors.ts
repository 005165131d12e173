import type { Translation } from '../../types';
import type en from '../en/errors';

export default {
  invalidURL: 'Esta dirección no es válida',
  loadFailed: 'Hubo un error al cargar el portal. Compruebe que la dirección sea válida y esté bien configurada',
  renderFailed: 'Algo salió mal.',
  dataLoadFailed: 'Ocurrió un error',
  notFound: 'No se encontró la página',
  goToStart: 'Ir a la página de inicio',
  unknownError: 'Ocurrió un error desconocido',
  api: {
    invalidLogin: 'El correo electrónico o la contraseña no son correctos',
    tooManyAttempts: 'Demasiados intentos de inicio de sesión',
    tooManyRequests: 'Demasiadas solicitudes',
    codeWrong: 'Ese código no es correcto. Revíselo e inténtelo de nuevo.',
    codeExpired: 'Ese código ha caducado. Pida uno nuevo.',
    codeExhausted: 'Demasiados intentos. Pida un código nuevo.',
    codeNone: 'Primero pida un código.',
    invalidLink: 'Este enlace no es válido o ha caducado',
  },
  refusals: {
    notFound: 'Esto ya no está disponible. Puede que se haya eliminado.',
    relatedGone: 'Aquello a lo que se refiere ya no está disponible. Vuelva a cargar la página e inténtelo de nuevo.',
    forbidden: 'No tiene acceso a esto.',
    notAllowed: 'Esto no es algo que pueda hacer aquí.',
    tooLarge: 'Inténtelo de nuevo con menos datos o con un archivo más pequeño.',
    unavailable: 'El servicio está ocupado en este momento. Inténtelo de nuevo en breve.',
    meetingEnded: 'Esta videoconsulta ha terminado.',
    meetingNotStarted: 'Esta videoconsulta todavía no ha comenzado.',
  },
} satisfies Translation<typeof en>;
