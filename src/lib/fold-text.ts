// Case- and accent-insensitive text for matching and sorting. Text is "folded": decomposed (NFD), lower-cased, and
// stripped of combining marks, so "Café", "CAFE" and "cafe\u0301" all fold to "cafe", "Ёлка" to "елка", and a final
// sigma to σ. Lower-casing does not depend on the browser's locale, so a query and the data always fold alike.

const COMBINING_MARKS = /\p{M}/gu;
const ASCII_ONLY = /^\p{ASCII}*$/u;

/** Final sigma is a lower-case form of Σ that depends on its position; fold it to σ so "ΟΔΟΣ" matches "οδοσ". */
function foldSigma(text: string): string {
  return text.includes('ς') ? text.replaceAll('ς', 'σ') : text;
}

export function foldText(text: string): string {
  // Most names are ASCII; they skip the normalisation passes (lower-casing ASCII never changes its length).
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  // Decomposed again after lower-casing: a few capitals lower-case to a letter plus a mark ("İ" to "i\u0307").
  return foldSigma(text.normalize('NFD').toLowerCase().normalize('NFD').replace(COMBINING_MARKS, ''));
}
