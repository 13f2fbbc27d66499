import { env } from '../../shared/config/env';
import { htmlPageResponse } from '../../shared/http/html-page';
import { portalPage } from '../../shared/webhooks/portal-page/generated';

/** `GET /portal`: the webhook portal page, framed only where `PORTAL_FRAME_ANCESTORS` allows. */
export const handler = async () => htmlPageResponse(portalPage, env().PORTAL_FRAME_ANCESTORS);
