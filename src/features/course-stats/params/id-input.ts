// The rule for ids lives in lib (the courses feature reads ids too); this module keeps the feature's imports.
export { parseIdInput, type IdInputResult, type IdProblem } from '@/lib/id-input';
