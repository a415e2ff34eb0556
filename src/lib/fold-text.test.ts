// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text';

describe('foldText', () => {
  it('ignores case', () => {
    expect(foldText('Sales TEAM')).toBe('sales team');
    expect(foldText('АННА')).toBe('анна');
  });

  it('ignores accents, precomposed or decomposed', () => {
    expect(foldText('Café')).toBe('cafe');
    expect(foldText('CAFÉ')).toBe('cafe');
    expect(foldText('Cafe\u0301')).toBe('cafe');
    expect(foldText('Chloé ÉLODIE García')).toBe('chloe elodie garcia');
    expect(foldText('Crème brûlée')).toBe('creme brulee');
  });

  it('folds Ё and ё to е', () => {
    expect(foldText('Ёлка')).toBe('елка');
    expect(foldText('Зелёная')).toBe('зеленая');
    expect(foldText('Анна Ёлкина')).toBe(foldText('анна елкина'));
  });

  it('folds Й to и as well, since its breve is a combining mark too', () => {
    expect(foldText('Йога')).toBe('иога');
  });

  it('folds a final sigma to σ', () => {
    expect(foldText('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldText('οδος')).toBe('οδοσ');
  });

  it('drops the dot a capital İ leaves behind when lower-cased', () => {
    expect(foldText('İstanbul')).toBe('istanbul');
  });

  it('keeps ASCII text apart from its case, markup included', () => {
    expect(foldText('Sales <b>Team</b>')).toBe('sales <b>team</b>');
  });

  it('folds a lone combining mark to nothing and keeps other characters', () => {
    expect(foldText('\u0301')).toBe('');
    expect(foldText('😀 中文 2026')).toBe('😀 中文 2026');
  });
});
