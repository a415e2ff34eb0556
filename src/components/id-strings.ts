import type { Locale } from '@/lib/i18n';
import type { IdProblem } from '@/course/id-input';

/** Why an ID typed was refused (`name`: "Course ID"), one wording for every field, and a name-or-ID field's words. */
const en = {
  idProblem: (name: string, problem: IdProblem): string => {
    switch (problem) {
      case 'required':
        return `Enter a ${name}.`;
      case 'spaces':
        return `${name} must not contain spaces.`;
      case 'not_a_whole_number':
        return `${name} must be a whole number greater than 0, such as 42.`;
      case 'zero':
        return `${name} must be greater than 0.`;
      case 'leading_zero':
        return `${name} must not start with 0.`;
      case 'too_large':
        return `${name} is too large.`;
    }
  },
  /** After an option made of an ID typed that the list does not hold. */
  byId: 'by ID',
};

const ru: IdTexts = {
  // The names are "ID …", which is masculine.
  idProblem: (name: string, problem: IdProblem): string => {
    switch (problem) {
      case 'required':
        return `Введите ${name}.`;
      case 'spaces':
        return `${name} не должен содержать пробелов.`;
      case 'not_a_whole_number':
        return `${name} должен быть целым числом больше 0, например 42.`;
      case 'zero':
        return `${name} должен быть больше 0.`;
      case 'leading_zero':
        return `${name} не должен начинаться с 0.`;
      case 'too_large':
        return `${name} слишком велик.`;
    }
  },
  byId: 'по ID',
};

export type IdTexts = typeof en;

export const idCatalogs: Record<Locale, IdTexts> = { en, ru };
