/** What the app and the server read off the matched routes. */
export interface RouteHandle {
  /** Rendered on the server (public pages: their content is in the HTML, for phones and crawlers). */
  serverRendered?: boolean;
  /** The tab's title on a signed-in screen (public pages give theirs, and more, with PageMeta). */
  title?: string;
}
