/**
 * The SSRF guard moved to `shared/security/outbound-http.ts`, the one client of every outbound call
 * (decisions §30); these names stay importable from here for the delivery worker.
 */
export { ForbiddenTargetError, isPublicAddress } from '../security/outbound-http';
