/** The text of every route's error screen (spec 01 §2, spec 02 §2). */
export const ROUTE_ERROR_MESSAGE =
  "There's a temporary problem with the service. Please try again later. If you continue to get this message, contact us.";

/** The error screen's button: the page's code is fetched anew. */
export const RELOAD_LABEL = 'Reload the page';
