import { messageHandler } from '../../shared/realtime/socket-handlers';

export const handler = messageHandler;
