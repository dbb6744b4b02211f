/** Each page's text as pdf.js reads it: what two PDFs of the same pages share, whatever their bytes. */
import { withPdf, type PdfTextItem } from '../../src/printing/pdf-js';

export function pageTexts(pdf: Uint8Array): Promise<string[]> {
  return withPdf(pdf, async (doc) => {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { items } = await (await doc.getPage(n)).getTextContent();
      texts.push(
        items
          .filter((item): item is PdfTextItem => 'str' in item)
          .map((item) => item.str)
          .join(' '),
      );
    }
    return texts;
  });
}
