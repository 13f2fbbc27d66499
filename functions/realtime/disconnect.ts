import { disconnectHandler } from '../../shared/realtime/socket-handlers';

export const handler = disconnectHandler;
