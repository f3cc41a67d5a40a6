/**
 * The OpenAPI page's account of the partners' webhooks (decision 0810): what a partner's endpoint
 * receives, since those requests are ours, not routes of this API.
 */
export const WEBHOOKS_OPENAPI_TAG = {
  name: 'webhooks',
  description: [
    "Signed webhooks for the city's partners (admins of every city manage them under `/api/admin/webhooks`).",
    '',
    'Events: `creator.listed` (an admin listed a creator; `data.creator` is the `PublicCreator`, the same object `GET /api/creators/:id` and the feed answer), ' +
      '`creator.unlisted` (`data.creator` is `{ id }` only: nothing of the profile is public any more) and ' +
      '`business.featured` (`data.business` is the `PublicAmplifySubmission` of `GET /api/amplify/featured`).',
    '',
    'Each is a `POST` with a JSON body `{ "id": "<event id>", "event": "creator.listed", "created_at": "<ISO time>", "data": { … } }` and the headers ' +
      '`X-LocalCreators-Event`, `X-LocalCreators-Event-Id` (the same on every retry and for every subscriber: de-duplicate on it), ' +
      '`X-LocalCreators-Delivery` and `X-LocalCreators-Signature: t=<unix seconds>,v1=<hex>`, where `v1` is the HMAC-SHA256 of `<t>.<raw body>` ' +
      'with the secret shown once when the webhook was added. Compare in constant time and refuse a `t` more than 5 minutes old.',
    '',
    'A 2xx answer within 5 s is delivered; anything else (a redirect too: none is followed) is retried with a doubling wait, as mail is, then failed. ' +
      "Every attempt is in the webhook's log (`GET /api/admin/webhook-attempts`).",
  ].join('\n'),
};
