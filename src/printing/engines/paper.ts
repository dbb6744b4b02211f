/** HTML for paper, as the contract writes it (src/contract/paper.ts): the drawings made here are styled as the client's letters are. */
export { PAPER_STYLE, paperHtml } from '../../contract/paper';
