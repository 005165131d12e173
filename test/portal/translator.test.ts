import { createTranslator } from '../../web/app/i18n/translator';
import { catalogueFor } from '../../web/app/i18n/catalogue.server';

/** The portal's t() (web/app/i18n/translator.ts): what a patient reads from the catalogue, in English and in Spanish. */
describe("the portal's texts", () => {
  const english = createTranslator('en', catalogueFor('en'));
  const spanish = createTranslator('es', catalogueFor('es'));

  it('fills in the names a text asks for', () => {
    expect(english.namespace('home')('welcomeName', { name: 'Ana' })).toBe('Welcome, Ana!');
    expect(spanish.namespace('home')('welcomeName', { name: 'Ana' })).toBe('¡Bienvenido, Ana!');
  });

  it('picks the plural by count, in each language', () => {
    const home = english.namespace('home');
    expect(home('outstandingForms', { count: 1 })).toBe('You have 1 form to complete');
    expect(home('outstandingForms', { count: 3 })).toBe('You have 3 forms to complete');
    expect(home('outstandingForms', { count: 0 })).toBe('You have 0 forms to complete');
    expect(spanish.namespace('community')('commentCount', { count: 1 })).toBe('1 comentario');
    expect(spanish.namespace('community')('commentCount', { count: 2 })).toBe('2 comentarios');
  });

  it('reads nested texts, another namespace by `ns`, and a group with `returnObjects`', () => {
    expect(english.namespace('shell')('pages.home')).toBe('Home');
    expect(spanish.namespace('common')('pages.communications', { ns: 'shell' })).toBe('Mensajes');
    expect(english.namespace('booking')('intake', { returnObjects: true })).toEqual(catalogueFor('en').booking.intake);
  });

  it('keeps an empty text empty, and reads a key the catalogue lacks as itself', () => {
    expect(english.namespace('auth')('termsAgreeAfter')).toBe('');
    expect(english.namespace('home')('noSuchText' as never)).toBe('noSuchText');
  });
});
