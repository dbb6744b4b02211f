/**
 * A .docx document's text as blocks: paragraphs (headings by their style), line and page breaks,
 * table cells as paragraphs, and Word merge fields (MERGEFIELD, simple or complex) as «Field».
 * The sandbox is no word processor: fonts, images and layout are not kept.
 */
import { unzipSync } from 'fflate';
import { readXml, type ParsedElement } from '../contract';
import type { Block } from './blocks';
import { docxPageSize, type Section } from './page-size';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
/** Markup compatibility: what Word writes two ways, for readers that know a feature and those that do not. */
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
/** Word writes dozens of namespace declarations on the root, and tables nest. */
const DOCX_LIMITS = { maxDepth: 256, maxAttributes: 256 };

export class UnreadableDocument extends Error {}

function attr(node: ParsedElement, local: string): string | undefined {
  return node.attributes.find((a) => a.local === local && (a.ns === W || a.ns === ''))?.value;
}

function mergeField(instruction: string): string | undefined {
  return /^\s*MERGEFIELD\s+"?([^\s"\\]+)"?/i.exec(instruction)?.[1];
}

export function docxToBlocks(data: Uint8Array): Block[] {
  return docxToPages(data).blocks;
}

/**
 * A .docx document's blocks and its sections' page sizes. A section's properties (w:sectPr) end
 * it: in the w:pPr of its last paragraph, or, for the last section, at the end of the body. A
 * document with none has no sections: the printer's Letter (page-size.ts).
 */
export function docxToPages(data: Uint8Array): { blocks: Block[]; sections: Section[] } {
  let xml: string;
  try {
    const files = unzipSync(data, { filter: (file) => file.name === 'word/document.xml' });
    const document = files['word/document.xml'];
    if (!document) throw new UnreadableDocument('the file has no word/document.xml');
    xml = new TextDecoder('utf-8', { fatal: true }).decode(document);
  } catch (error) {
    throw error instanceof UnreadableDocument ? error : new UnreadableDocument(`not a .docx file: ${(error as Error).message}`);
  }
  let root: ParsedElement;
  try {
    root = readXml(xml, DOCX_LIMITS);
  } catch (error) {
    throw new UnreadableDocument(`word/document.xml: ${(error as Error).message}`);
  }

  const blocks: Block[] = [];
  let text = '';
  let heading = false;
  // Complex fields: 'instr' while reading the instruction, 'result' while skipping a merge field's shown value.
  let field: { state: 'instr' | 'result'; instruction: string; merge?: string } | undefined;

  const sections: Section[] = [];
  let sectionStart = 0;
  // A section whose properties stand in the paragraph being read: it ends with that paragraph.
  let endsWithParagraph: Omit<Section, 'fromBlock'> | undefined;
  const endSection = (section: Omit<Section, 'fromBlock'>) => {
    sections.push({ fromBlock: sectionStart, ...section });
    sectionStart = blocks.length;
  };

  const flush = () => {
    const clean = text.replace(/[ \t]+\n/g, '\n').trim();
    if (clean) blocks.push({ kind: heading ? 'heading' : 'paragraph', text: clean });
    text = '';
    heading = false;
  };

  let parent: ParsedElement | undefined;
  let paragraphDepth = 0;
  const walk = (node: ParsedElement): void => {
    if (node.ns !== W) {
      // Word writes a text box twice, for new readers (mc:Choice) and old (mc:Fallback): its text is read once.
      if (node.ns === MC && node.local === 'Fallback') return;
      node.children.forEach(walk);
      return;
    }
    switch (node.local) {
      case 'p':
        flush();
        paragraphDepth++;
        node.children.forEach(walk);
        paragraphDepth--;
        flush();
        // A text box's paragraphs stand inside the paragraph that anchors it: only that one ends its section.
        if (paragraphDepth > 0) return;
        if (endsWithParagraph) endSection(endsWithParagraph);
        endsWithParagraph = undefined;
        return;
      case 'sectPr': {
        const pgSz = node.children.find((c) => c.ns === W && c.local === 'pgSz');
        const size = docxPageSize(pgSz && attr(pgSz, 'w'), pgSz && attr(pgSz, 'h'), pgSz && attr(pgSz, 'orient'));
        // How the section starts (w:type, nextPage by default): a column break is none in one column.
        const type = node.children.find((c) => c.ns === W && c.local === 'type');
        const section = /^(continuous|nextColumn)$/.test((type && attr(type, 'val')) ?? '') ? { size, continuous: true } : { size };
        if (parent?.local === 'pPr') endsWithParagraph = section;
        else {
          flush();
          endSection(section);
        }
        return;
      }
      case 'pStyle':
        heading = /^(heading|title)/i.test(attr(node, 'val') ?? '');
        return;
      case 'pageBreakBefore':
        blocks.push({ kind: 'page-break' });
        return;
      case 'fldSimple': {
        const name = mergeField(attr(node, 'instr') ?? '');
        if (name) text += `«${name}»`;
        else node.children.forEach(walk);
        return;
      }
      case 'fldChar': {
        const type = attr(node, 'fldCharType');
        if (type === 'begin') field = { state: 'instr', instruction: '' };
        else if (type === 'separate' && field) {
          field.merge = mergeField(field.instruction);
          field.state = 'result';
          if (field.merge) text += `«${field.merge}»`;
        } else if (type === 'end') field = undefined;
        return;
      }
      case 'instrText':
        if (field?.state === 'instr') field.instruction += node.text;
        return;
      case 't':
        if (!(field?.state === 'result' && field.merge)) text += node.text;
        return;
      case 'tab':
        text += '\t';
        return;
      case 'br':
      case 'cr':
        if (attr(node, 'type') === 'page') {
          flush();
          blocks.push({ kind: 'page-break' });
        } else {
          text += '\n';
        }
        return;
      case 'pPrChange':
        // A tracked change's former paragraph properties: not what is printed.
        return;
      case 'pPr': {
        const outer = parent;
        parent = node;
        node.children.forEach(walk);
        parent = outer;
        return;
      }
      default:
        node.children.forEach(walk);
    }
  };
  walk(root);
  flush();
  // A section that holds no text (empty paragraphs, a picture) starts no page of this layout: left
  // out, so that the printer and a template's -1021 (templatePageSizeFinding) judge the same pages.
  return { blocks, sections: sections.filter((s, i) => s.fromBlock < (sections[i + 1]?.fromBlock ?? blocks.length)) };
}
