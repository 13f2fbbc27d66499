import { documentsAccess } from '../access/document-access';
import type { DocumentsAccess } from '../sockets/closing';

/**
 * The access decision the open connections' re-checks (shared/sockets/closing.ts) apply: the access
 * domain's, handed to the domains that may not import access (organizations' document and folder
 * changes) by their entry points.
 */
export const connectionAccess: DocumentsAccess = documentsAccess;
