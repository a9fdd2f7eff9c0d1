/**
 * Whether a date text, as a source gave it, holds a time of day: an RSS date ("Tue, 03 Mar 2026
 * 08:00:00 GMT"), an Atom or ISO one ("2026-03-03T08:00:00Z") and NewsData's ("2026-03-03
 * 08:00:00") do; "2026-03-03", "03 Mar 2026" or "Tue, 03 Mar 2026" do not, and neither does a
 * missing one (the article is then dated when it was fetched). What `pub_date_has_time` stores:
 * a reader is shown a time only where the source gave one.
 */
export function dateTextHasTime(text: string | null | undefined): boolean {
  return typeof text === 'string' && /(?:^|\D)\d{1,2}:\d{2}(?!\d)/.test(text);
}
