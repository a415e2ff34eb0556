import type { Locale } from '@/lib/i18n';
import type { IdProblem } from '@/course/id-input';

/** The sentence for each problem, given the field's name. */
const idProblem = (sentences: Record<IdProblem, (name: string) => string>) => (name: string, problem: IdProblem) =>
  sentences[problem](name);

/** Why an ID typed was refused (`name`: "Course ID"), one wording for every field, and a name-or-ID field's words. */
const en = {
  idProblem: idProblem({
    required: (name) => `Enter a ${name}.`,
    spaces: (name) => `${name} must not contain spaces.`,
    not_a_whole_number: (name) => `${name} must be a whole number greater than 0, such as 42.`,
    zero: (name) => `${name} must be greater than 0.`,
    leading_zero: (name) => `${name} must not start with 0.`,
    too_large: (name) => `${name} is too large.`,
  }),
  /** After an option made of an ID typed that the list does not hold. */
  byId: 'by ID',
};

const ru: IdTexts = {
  // The names are "ID …", which is masculine.
  idProblem: idProblem({
    required: (name) => `Введите ${name}.`,
    spaces: (name) => `${name} не должен содержать пробелов.`,
    not_a_whole_number: (name) => `${name} должен быть целым числом больше 0, например 42.`,
    zero: (name) => `${name} должен быть больше 0.`,
    leading_zero: (name) => `${name} не должен начинаться с 0.`,
    too_large: (name) => `${name} слишком велик.`,
  }),
  byId: 'по ID',
};

export type IdTexts = typeof en;

export const idCatalogs: Record<Locale, IdTexts> = { en, ru };
