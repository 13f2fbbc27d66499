export { unroutedHandler as handler } from '../../shared/api/unrouted';
