export { unroutedHandler as handler } from '../../shared/http/unrouted';
