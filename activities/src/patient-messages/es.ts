import type en from './en';
import type { Translation } from './types';

/**
 * The fixed words of patients' emails and texts in Spanish, addressing the patient as "usted". The
 * type makes a missing key a type error. The carriers' keywords (STOP, START) and the reminder
 * answers (C, Y, R) stay as they are: they are what the phone network and our reply handling read.
 */
export default {
  footer: {
    unsubscribeText: 'Para dejar de recibir estos correos, cancele su suscripción: {{link}}',
    unsubscribeHtmlBefore: 'Para dejar de recibir estos correos, ',
    unsubscribeHtmlLink: 'cancele su suscripción',
    unsubscribeHtmlAfter: '.',
  },
  reminder: {
    subject: 'Recordatorio: {{title}}',
    text: 'Le recordamos su cita {{title}} el {{when}}.',
  },
  appointmentChange: {
    movedSubject: 'Su cita cambió de horario: {{title}}',
    movedText: 'Su cita {{title}} se cambió al {{when}}. Si este horario no le conviene, comuníquese con nosotros.',
    bookedSubject: 'Su cita está programada: {{title}}',
    bookedText: 'Su cita {{title}} está programada para el {{when}}. Si este horario no le conviene, comuníquese con nosotros.',
  },
  bookingConfirmation: {
    confirmedSubject: 'Su cita está confirmada: {{title}}',
    rescheduledSubject: 'Su cita se reprogramó: {{title}}',
    confirmed: 'Su cita {{title}} está confirmada para el {{when}}.',
    rescheduled: 'Su cita {{title}} se reprogramó para el {{when}}.',
    whereLabel: 'Dónde:',
    addToCalendar: 'Agregar al calendario',
    reschedule: 'Reprogramar',
    cancel: 'Cancelar la cita',
    openPortal: 'Abrir su portal de paciente',
    linksWork: 'Los enlaces para cancelar y reprogramar funcionan hasta que empiece la cita.',
    videoVisit: 'Consulta por video',
  },
  reminderReply: {
    cancelled: 'Su cita {{title}} del {{when}} está cancelada.',
    confirmed: 'Gracias, su cita {{title}} del {{when}} está confirmada.',
    reschedule: 'Para elegir otro horario para {{title}}, visite {{link}}',
    untitled: 'su cita',
  },
  waitlistOffer: {
    subject: 'Se liberó un horario: {{title}}',
    free: 'Se liberó un horario que usted esperaba: {{title}} el {{when}}.',
    freeWith: 'Se liberó un horario que usted esperaba: {{title}} con {{staffName}} el {{when}}.',
    held: 'Lo reservamos para usted hasta el {{until}}. Para programarlo, abra este enlace:',
    after: 'Después de esa hora se ofrecerá a la siguiente persona en espera.',
    sms: 'Se liberó un horario que usted esperaba: {{title}} el {{when}}. Reservado para usted hasta el {{until}}. Prográmelo aquí: {{link}}',
    linkKeptOut: '(el enlace para programar está en el mensaje que recibió el paciente)',
    untitled: 'cita',
  },
  loginLink: {
    subject: 'Su enlace para iniciar sesión',
    intro: 'Abra este enlace para iniciar sesión en su cuenta:',
    linkText: 'Iniciar sesión',
    outro: 'El enlace funciona una sola vez y vence en {{minutes}} minutos. Si usted no lo pidió, ignore este mensaje.',
    sms: 'Su enlace para iniciar sesión (funciona una sola vez, durante {{minutes}} minutos): {{link}}',
  },
  signInCode: {
    subject: 'Su código para iniciar sesión',
    line: 'Su código para iniciar sesión es {{code}}. Funciona durante {{minutes}} minutos. Si usted no intentó iniciar sesión, cambie su contraseña.',
    htmlCode: 'Su código para iniciar sesión es <strong>{{code}}</strong>.',
    htmlRest: 'Funciona durante {{minutes}} minutos. Si usted no intentó iniciar sesión, cambie su contraseña.',
  },
  passwordReset: {
    subject: 'Restablezca su contraseña',
    intro: 'Alguien pidió restablecer la contraseña de su cuenta. Abra este enlace para elegir una nueva:',
    linkText: 'Restablecer su contraseña',
    outro: 'El enlace funciona una sola vez y vence en {{minutes}} minutos. Si usted no lo pidió, ignore este mensaje.',
  },
  videoInvite: {
    subject: 'Está invitado a una videollamada',
    text: 'Le invitaron a una videollamada. Únase aquí: {{link}}',
  },
  formRequest: {
    greeted: 'Hola, {{name}}: por favor complete {{title}}: {{url}}',
    plain: 'Por favor complete {{title}}: {{url}}',
  },
  autoreply: {
    subject: 'Recibimos su mensaje',
    message: 'Gracias por su mensaje. Nuestro equipo está fuera de la oficina en este momento y le responderá lo antes posible.',
  },
  textKeywords: {
    optOut: '{{name}}: Canceló su suscripción y no recibirá más mensajes de texto nuestros. Responda START para volver a suscribirse.',
    optIn: '{{name}}: Volvió a suscribirse a los mensajes de texto. Responda STOP para cancelar la suscripción.',
    help: '{{name}}: Responda STOP para cancelar la suscripción, START para volver a suscribirse. Pueden aplicarse tarifas de mensajes y datos.',
  },
} satisfies Translation<typeof en>;
