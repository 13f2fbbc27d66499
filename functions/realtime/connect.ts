import { connectHandler } from '../../shared/realtime/socket-handlers';

export const handler = connectHandler;
