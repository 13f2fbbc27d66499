import { greetHandler } from '../../shared/realtime/socket-handlers';

export const handler = greetHandler;
