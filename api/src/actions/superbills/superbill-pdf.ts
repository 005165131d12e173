import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

interface Address { lineOne: string; lineTwo?: string; city: string; state: string; zipCode: string }
export interface SuperbillRecord {
  id: string;
  appointmentDate: string;
  patient: { name: string; dateOfBirth: string; phone: string };
  provider: {
    address: Address;
    email: string;
    officeName: string;
    phone: string;
    taxId: string;
    providerName: string;
    providerLicense: string;
    providerNPI: string;
    placeOfServiceCode?: string;
  };
  lineItems: { billingCode: { code?: string | number; label: string }; quantity: number; cost: { amount: number; currency: string }; discount?: number }[];
}

/** Amounts are in the currency's smallest unit (cents), as for products and purchases. */
export const money = (cents: number, currency: string) => `${currency === 'USD' ? '$' : `${currency} `}${(cents / 100).toFixed(2)}`;

/** The standard fonts encode WinAnsi only: anything else is replaced rather than failing the download. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** A one-page (or more) itemised superbill a patient can send to their insurer. */
export const renderSuperbillPdf = async (superbill: SuperbillRecord) => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Superbill ${superbill.id}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 740;
  const write = (text: string, options: { x?: number; size?: number; font?: PDFFont } = {}) => {
    if (y < 60) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(printable(text), { x: options.x ?? 50, y, size: options.size ?? 10, font: options.font ?? font, color: rgb(0, 0, 0) });
  };
  const line = (text: string, options: { x?: number; size?: number; font?: PDFFont } = {}) => {
    write(text, options);
    y -= (options.size ?? 10) + 6;
  };

  const { provider, patient } = superbill;
  line('Superbill', { size: 20, font: bold });
  y -= 6;
  line(provider.officeName, { size: 12, font: bold });
  line([provider.address.lineOne, provider.address.lineTwo].filter(Boolean).join(', '));
  line(`${provider.address.city}, ${provider.address.state} ${provider.address.zipCode}`);
  line(`Phone ${provider.phone}   Email ${provider.email}`);
  line(`Provider ${provider.providerName}   NPI ${provider.providerNPI}   License ${provider.providerLicense}   Tax ID ${provider.taxId}`);
  if (provider.placeOfServiceCode) line(`Place of service ${provider.placeOfServiceCode}`);
  y -= 8;
  line('Patient', { size: 12, font: bold });
  line(`${patient.name}   Date of birth ${patient.dateOfBirth}   Phone ${patient.phone}`);
  line(`Date of service ${new Date(superbill.appointmentDate).toISOString().slice(0, 10)}`);
  y -= 8;
  line('Code        Description                                   Qty       Amount', { font: bold });
  let total = 0;
  let currency = 'USD';
  for (const item of superbill.lineItems) {
    const amount = item.cost.amount * item.quantity - (item.discount ?? 0);
    total += amount;
    currency = item.cost.currency;
    write(String(item.billingCode.code ?? ''));
    write(item.billingCode.label.slice(0, 48), { x: 110 });
    write(String(item.quantity), { x: 380 });
    line(money(amount, item.cost.currency), { x: 430 });
  }
  y -= 4;
  line(`Total ${money(total, currency)}`, { x: 380, font: bold, size: 12 });
  return Buffer.from(await pdf.save());
};
