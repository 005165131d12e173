/**
 * The portal's legal texts (docs/contract/portal.md#legal-pages, and the e-signature consent of #routes). One definition drives
 * both the page (LegalPage.tsx) and its PDF (LegalPdf.server.ts), so the two never disagree. The
 * text is plain ASCII: the PDF uses the standard Helvetica font and its WinAnsi encoding.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  /** 'Last updated …' under the title ('January 15, 2021' in English); documents without a date in the spec have none. */
  lastUpdated?: string;
  /** The same day as a UTC date, for the page to write in its own language (the PDF stays English). */
  lastUpdatedOn?: number;
  /** The address of the download-as-PDF link, when the document has one. */
  pdfPath?: string;
  /** The PDF's file name when downloaded. */
  pdfFileName?: string;
  intro: string[];
  sections: LegalSection[];
}

/** docs/contract/portal.md#legal-pages. */
export const LEGAL_LAST_UPDATED = 'January 15, 2021';
const LEGAL_LAST_UPDATED_ON = Date.UTC(2021, 0, 15);

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  lastUpdatedOn: LEGAL_LAST_UPDATED_ON,
  pdfPath: '/terms-of-service.pdf',
  pdfFileName: 'terms-of-service.pdf',
  intro: [
    'These Terms of Service ("Terms") govern your use of this portal and the software behind it (the "Service"), provided by Carelane ("we", "us"). By creating an account or using the Service you agree to these Terms. If you do not agree, do not use the Service.',
  ],
  sections: [
    {
      heading: '1. Who these Terms apply to',
      paragraphs: [
        'Business Users are the care providers and other organizations that subscribe to the Service to communicate with and serve their patients and clients, together with the staff members they invite.',
        'End Users are the patients and clients who use a Business User\'s portal, for example to message their care team, fill in forms, view documents or book appointments.',
        'Both Business Users and End Users are "users" in these Terms. Sections that apply to only one kind of user say so.',
      ],
    },
    {
      heading: '2. The Service is not medical care',
      paragraphs: [
        'The Service is a communication and record-keeping tool. It is not medical care and does not provide medical advice, diagnosis or treatment. Any care you receive comes from your care provider (the Business User), not from us.',
        'The Service is for non-emergency use only. Messages may not be read right away. If you think you have a medical emergency, call 911 or your local emergency number, or go to the nearest emergency room.',
      ],
    },
    {
      heading: '3. Eligibility and accounts',
      paragraphs: [
        'You must be at least 18 years old to use the Service. By using it, you confirm that you are.',
        'Keep your password private and tell your care provider or us right away if you think someone else has used your account. You are responsible for what is done with your account.',
      ],
    },
    {
      heading: '4. Fees and payment (Business Users)',
      paragraphs: [
        'Business Users pay the fees set out in their order or plan. End Users do not pay us for the Service; any amounts an End User pays a care provider are between the End User and that provider.',
        'Amounts more than 30 days overdue bear a late charge of 1.5 percent per month (or the highest rate the law allows, if lower) until paid.',
        'We may change our fees by giving at least 30 days notice. The new fees apply from the start of the next billing period after the notice period ends.',
      ],
    },
    {
      heading: '5. Acceptable use',
      paragraphs: [
        'Do not misuse the Service: do not break the law with it, try to reach data that is not yours, interfere with its operation, or use it to send unsolicited messages.',
        'Business Users are responsible for the content they send through the Service and for having the consents the law requires to contact their End Users.',
      ],
    },
    {
      heading: '6. Privacy',
      paragraphs: [
        'Our Privacy Policy explains what information we collect and how we use and protect it. It is part of these Terms.',
      ],
    },
    {
      heading: '7. Disclaimers',
      paragraphs: [
        'The Service is provided "as is" and "as available". To the extent the law allows, we make no warranties, express or implied, including fitness for a particular purpose, and we do not promise that the Service will be uninterrupted or error-free.',
      ],
    },
    {
      heading: '8. Limitation of liability',
      paragraphs: [
        'To the extent the law allows, our total liability for all claims related to the Service is limited to the fees you paid us in the six months before the event giving rise to the claim, or $10 if you use the Service for free.',
        'We are not liable for indirect, incidental, special or consequential damages, or for lost profits or data.',
      ],
    },
    {
      heading: '9. Disputes and arbitration',
      paragraphs: [
        'Any dispute about the Service will be settled by binding individual arbitration rather than in court, except that either side may bring a claim in small claims court.',
        'You may opt out of arbitration by telling us in writing within 30 days of first accepting these Terms.',
        'Any claim related to the Service must be filed within 3 months after it arises, or it is permanently barred.',
      ],
    },
    {
      heading: '10. Changes and termination',
      paragraphs: [
        'We may update these Terms. If a change is material we will give notice, for example through the Service or by email; using the Service after the change takes effect means you accept it.',
        'You may stop using the Service at any time. We may suspend or end access for anyone who breaks these Terms.',
      ],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  lastUpdatedOn: LEGAL_LAST_UPDATED_ON,
  pdfPath: '/privacy-policy.pdf',
  pdfFileName: 'privacy-policy.pdf',
  intro: [
    'This Privacy Policy explains how Carelane ("we", "us") collects, uses and protects information when Business Users (care providers and their staff) and End Users (their patients and clients) use this portal and the software behind it (the "Service").',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: [
        'Account details such as your name, email address, phone number and password (stored only in hashed form).',
        'Information you or your care provider put into the Service: messages, forms, documents, appointments and similar records.',
        'Technical information such as the device, browser and pages used, kept to run and secure the Service.',
      ],
    },
    {
      heading: '2. How we use it',
      paragraphs: [
        'We use information to provide the Service to Business Users and their End Users, to keep it secure, to send the messages users ask for, and to meet our legal obligations. We do not sell personal information.',
        'Health information an End User shares belongs to the relationship between that End User and their care provider. We process it on the care provider\'s behalf and only as needed to provide the Service.',
      ],
    },
    {
      heading: '3. Sharing',
      paragraphs: [
        'We share information with the care provider whose portal you use, with service providers who help us run the Service under confidentiality obligations, and when the law requires it.',
      ],
    },
    {
      heading: '4. Messages and unsubscribing',
      paragraphs: [
        'Emails and text messages sent through the Service include a link to unsubscribe. Unsubscribing stops those messages from reaching you; it does not delete your account.',
      ],
    },
    {
      heading: '5. Security and retention',
      paragraphs: [
        'We protect information with administrative, technical and physical safeguards, including encryption in transit. We keep information for as long as the Service and the law require.',
      ],
    },
    {
      heading: '6. Your rights and data requests',
      paragraphs: [
        'You may ask to see, correct or delete your personal information, or ask what we hold about you. We will confirm that we received your request within 10 days and respond within 45 days. If we need more time, we may take up to 45 extra days and will tell you why.',
        'If your information was entered by your care provider, we may pass your request to them, since they decide how it is used.',
      ],
    },
    {
      heading: '7. Children',
      paragraphs: ['The Service is for people at least 18 years old. We do not knowingly collect information from children.'],
    },
    {
      heading: '8. Changes',
      paragraphs: ['We may update this Privacy Policy. The date at the top shows when it last changed.'],
    },
  ],
};

/** docs/contract/portal.md#routes: the terms page signature forms link to (it opens in a new tab). The spec gives no text or date. */
export const E_SIGNATURE_TERMS: LegalDocument = {
  title: 'Electronic Signature Terms',
  intro: [
    'Before you sign a document or form electronically through this portal, please read these terms. Signing electronically means you agree to them.',
  ],
  sections: [
    {
      heading: 'Your consent',
      paragraphs: [
        'You agree to sign documents electronically and to receive them electronically. Your electronic signature (typing your name, drawing it, or checking a box to sign) has the same legal effect as a handwritten signature.',
        'We record the date and time of each signature, together with the account that signed, so the signed document can be shown to be yours.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You may ask your care provider for a paper copy of any document you signed, or to sign on paper instead. You may withdraw this consent for future documents at any time by telling your care provider; documents already signed stay valid.',
        'To sign and keep copies you need a device with a current web browser and an internet connection. You may download or print each document from the portal.',
      ],
    },
  ],
};
