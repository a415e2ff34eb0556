// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseIdInput, readNameOrId } from './id-input';

describe('parseIdInput', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    [' 101 ', 101],
    [' 12', 12],
    ['12 ', 12],
    ['\t7\n', 7],
    ['\u00a0101\u00a0', 101],
  ])('accepts %j', (raw, value) => {
    expect(parseIdInput(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['abc', 'not_a_whole_number'],
    ['-5', 'not_a_whole_number'],
    ['+5', 'not_a_whole_number'],
    ['1.5', 'not_a_whole_number'],
    ['1e3', 'not_a_whole_number'],
    ['0x1F', 'not_a_whole_number'],
    ['١٢', 'not_a_whole_number'],
    ['0', 'zero'],
    ['000', 'zero'],
    ['012', 'leading_zero'],
    ['1 2', 'spaces'],
    [' 1 2 ', 'spaces'],
    [' -5 ', 'not_a_whole_number'],
    ['9007199254740992', 'too_large'],
    ['99999999999999999999', 'too_large'],
  ])('refuses %j as %s', (raw, problem) => {
    expect(parseIdInput(raw)).toEqual({ ok: false, problem });
  });

  it('treats an empty value as no id, unless one is required', () => {
    expect(parseIdInput('')).toEqual({ ok: true, value: null });
    expect(parseIdInput('', { required: true })).toEqual({ ok: false, problem: 'required' });
    expect(parseIdInput('  ', { required: true })).toEqual({ ok: false, problem: 'required' });
    expect(parseIdInput('   ')).toEqual({ ok: true, value: null });
  });
});

describe('readNameOrId', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    [' 42 ', { kind: 'id', id: 42 }],
    ['042', { kind: 'bad_id', problem: 'leading_zero' }],
    ['4.2', { kind: 'bad_id', problem: 'not_a_whole_number' }],
    ['-5', { kind: 'bad_id', problem: 'not_a_whole_number' }],
    ['0', { kind: 'bad_id', problem: 'zero' }],
    ['1 2', { kind: 'bad_id', problem: 'spaces' }],
    ['９', { kind: 'bad_id', problem: 'not_a_whole_number' }],
    ['99999999999999999999', { kind: 'bad_id', problem: 'too_large' }],
    ['Algebra', { kind: 'name', text: 'Algebra' }],
    [' Python 3 ', { kind: 'name', text: 'Python 3' }],
    ['1e3', { kind: 'name', text: '1e3' }],
    ['Ёлка 2026', { kind: 'name', text: 'Ёлка 2026' }],
    ['---', { kind: 'name', text: '---' }],
  ])('reads %j', (raw, expected) => {
    expect(readNameOrId(raw)).toEqual(expected);
  });
});
