/**
 * The paper of the marketplace (issue 27): the creator's receipts and refund credit notes, the
 * platform's tax invoices to editors for its commission and their credit notes, numbered without gaps
 * per series and financial year, issued in the transactions that move the money, drawn as PDFs.
 *
 * This file is the module's one face (ESLint refuses a reach into any other file of the module).
 */
export { invoicesModule } from './plugin';
