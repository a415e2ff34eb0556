/** Why a typed or linked id was refused. */
export type IdProblem = 'required' | 'spaces' | 'not_a_whole_number' | 'zero' | 'leading_zero' | 'too_large';

export type IdInputResult = { ok: true; value: number | null } | { ok: false; problem: IdProblem };

/**
 * One rule for ids, whether typed into the form, read from the URL or from the route: digits only, no sign,
 * no leading zero, greater than 0 and no larger than JavaScript holds exactly. Spaces around the digits are
 * trimmed (a pasted " 101 " means 101); anything else is refused rather than repaired, so what is sent is what
 * was written. An empty value is no id (null) unless one is required.
 */
export function parseIdInput(raw: string, options: { required?: boolean } = {}): IdInputResult {
  const value = raw.trim();
  if (value === '') return options.required ? { ok: false, problem: 'required' } : { ok: true, value: null };
  if (/\s/.test(value)) return { ok: false, problem: 'spaces' };
  if (!/^\d+$/.test(value)) return { ok: false, problem: 'not_a_whole_number' };
  if (/^0+$/.test(value)) return { ok: false, problem: 'zero' };
  if (value.startsWith('0')) return { ok: false, problem: 'leading_zero' };
  const id = Number(value);
  if (!Number.isSafeInteger(id)) return { ok: false, problem: 'too_large' };
  return { ok: true, value: id };
}

export type NameOrId =
  | { kind: 'empty' }
  | { kind: 'id'; id: number }
  | { kind: 'bad_id'; problem: IdProblem }
  | { kind: 'name'; text: string };

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/**
 * What was typed into a field that takes a name or an ID. Text with a digit and no letter is meant as an ID and
 * read by parseIdInput's rule (so "042" or "4.2" is refused, not searched for); anything else is a name.
 */
export function readNameOrId(raw: string): NameOrId {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (LETTER.test(text) || !DIGIT.test(text)) return { kind: 'name', text };
  const result = parseIdInput(text, { required: true });
  if (!result.ok) return { kind: 'bad_id', problem: result.problem };
  return result.value === null ? { kind: 'empty' } : { kind: 'id', id: result.value };
}
