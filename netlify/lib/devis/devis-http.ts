/** Answers of the devis functions that are not JSON: the PDF. */
import { apiHeaders } from '../http/http.ts';

/** A PDF download with the API's security headers. */
export function pdfResponse(pdf: Buffer, fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...apiHeaders,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Content-Length': String(pdf.length),
    },
  });
}
