// The media queries the app's code reads, free of React: the page's first script reads them too.

/** Phones: at this width and below, rows become cards and the header folds its tools into a menu. */
export const PHONE_QUERY = '(max-width: 480px)';
