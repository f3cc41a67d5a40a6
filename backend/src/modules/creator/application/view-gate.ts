/** Who read a profile, as far as counting needs it: read from the request and forgotten. */
export interface ViewClient {
  /** The client's address as Fastify reads it (TRUST_PROXY); never stored. */
  ip: string;
  userAgent: string;
}

/**
 * Port: whether a profile read is the first of its client on that profile today and the client
 * is not reading profiles faster than a person does (decision 0850). The client is kept only as a
 * hash of its address and User-Agent under a salt of the day, forgotten with the day.
 */
export abstract class ViewGate {
  /** True when this read counts; never throws (a gate that cannot answer counts nothing). */
  abstract admits(profileId: string, day: string, client: ViewClient): Promise<boolean>;
}
