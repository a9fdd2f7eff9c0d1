/**
 * A value already serialised as JSON, typed by what it holds: a prepared body sends its text as
 * is (see http/prepared-response.ts) instead of serialising an object built only to be
 * serialised. Whoever builds one is responsible for the text matching `T`.
 */
export class JsonText<T> {
  /** Type only: what the text holds. */
  declare readonly holds: T;
  constructor(readonly text: string) {}
}
