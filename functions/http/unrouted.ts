export { unroutedHandler as handler } from '../../shared/http/define-endpoint';
