import { englishIn } from '../support/english-text';

/** The Spanish walk's eye (test/support/english-text.ts): English is found, Spanish and the clinic's own words are not. */
describe('finding English on a Spanish page', () => {
  const found = (pieces: string[], seeded: string[] = []) => englishIn(pieces, { seeded }).map((finding) => finding.text);

  it('finds English catalogue texts and English words', () => {
    expect(found(['Consulta (Cancelled)', 'Log in to your account.', 'Reservar', 'Cita de 30 minutos'])).toEqual(['Consulta (Cancelled)', 'Log in to your account.']);
  });

  it('leaves Spanish alone, also words that look English inside or on their own', () => {
    expect(found(['Canceló su suscripción correctamente', 'Complete su perfil', 'Plan de cuidados', 'Ir a su portal de paciente', 'Lunes, 7 de diciembre de 2026, 9:30 a.m.'])).toEqual([]);
  });

  it("takes the clinic's own data out first; the legal body only on legal pages", () => {
    expect(found(['Welcome visit, 10:00', 'Welcome visit con Dana'], ['Welcome visit'])).toEqual([]);
    expect(found(['Welcome visit with Dana'], ['Welcome visit'])).toEqual(['Welcome visit with Dana']);
    expect(englishIn(['Terms of Service'], { seeded: [], legal: true })).toEqual([]);
    expect(found(['Terms of Service'])).toEqual(['Terms of Service']);
  });
});
