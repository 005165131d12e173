import type { Translation } from '../../types';
import type en from '../en/validation';

export default {
  email: 'Escriba un correo electrónico válido',
  password: 'Escriba una contraseña',
  passwordMin: 'Debe tener al menos 8 caracteres',
  passwordMax: 'Debe tener como máximo 100 caracteres',
  lowercase: 'Debe contener una letra minúscula',
  uppercase: 'Debe contener una letra mayúscula',
  numberOrSpecial: 'Debe contener un número o un carácter especial',
  terms: 'Debe aceptar los Términos del servicio y la Política de privacidad',
  fname: 'El nombre es obligatorio',
  lname: 'El apellido es obligatorio',
  phone: 'Escriba un número de teléfono válido',
  mixedCase: 'Debe contener letras mayúsculas y minúsculas',
  lettersAndNumbers: 'Debe contener letras y números',
} satisfies Translation<typeof en>;
