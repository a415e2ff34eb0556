import type { LabelGroupWire } from '../../contract/index';

/**
 * The demo label groups, written out by hand so every quirk the spec allows is in plain sight:
 * labels null / [] / absent, group_id null / '' / absent / another group's id (4 -> 3, 5 -> 4) / an id that no
 * group has (18 -> 404), groups without a name, an id or dates, and label entries with any mix of their fields.
 */
/** When a group was created and last changed, in the order the API sends them. */
const stamped = (created_at: string, updated_at: string) => ({ created_at, updated_at });

export const DEMO_LABEL_GROUPS: readonly LabelGroupWire[] = [
  {
    id: 1,
    name: 'Должность',
    group_id: null,
    ...stamped('2025-02-10T09:15:00+03:00', '2026-03-01T12:00:00+03:00'),
    labels: [
      { description: 'Менеджер', type: 'string' },
      { description: 'Инженер', type: 'string', required: ['grade'] },
      { description: 'Бухгалтер' },
      { description: 'Директор', type: 'string', additionalProperties: false },
    ],
  },
  {
    id: 2,
    name: 'Café staff',
    group_id: '',
    ...stamped('2025-04-01T08:00:00+02:00', '2025-04-01T08:00:00+02:00'),
    labels: [
      { description: 'Barista', type: 'string' },
      { description: 'Pâtissier', type: 'string' },
      { description: 'Sommelière' },
    ],
  },
  {
    id: 3,
    name: 'Departments',
    group_id: null,
    ...stamped('2024-11-20T10:00:00Z', '2026-01-15T16:45:00Z'),
    labels: null,
  },
  {
    id: 4,
    name: 'Sales',
    group_id: 3,
    ...stamped('2024-11-20T10:05:00Z', '2025-06-02T11:00:00Z'),
    labels: [{ description: 'Inside sales' }, { description: 'Field sales', required: [] }],
  },
  {
    id: 5,
    name: 'Sales — Северо-Запад',
    group_id: 4,
    ...stamped('2025-06-02T11:01:00Z', '2025-06-02T11:01:00Z'),
    labels: [],
  },
  {
    id: 6,
    name: 'Regions',
    labels: [
      { description: 'North' },
      { description: 'South' },
      { description: 'East' },
      { description: 'West' },
      { description: 'Центр' },
      { description: 'Île-de-France' },
      { description: 'Baden-Württemberg' },
      { description: 'Κρήτη' },
    ],
  },
  { name: 'Imported without an id', labels: [{ type: 'string' }] },
  { id: 8 },
  {},
  {
    id: 10,
    name: 'Skills',
    group_id: '',
    ...stamped('2025-09-09T09:09:09+03:00', '2026-10-01T10:00:00+03:00'),
    labels: [
      { description: 'TypeScript', type: 'string', additionalProperties: true, required: ['level', 'since'] },
      { description: 'SQL', type: 'string', additionalProperties: false, required: ['level'] },
      { description: 'Public speaking', type: 'soft-skill' },
    ],
  },
  {
    id: 11,
    name: 'Niveau de français',
    group_id: null,
    ...stamped('2025-01-05T14:00:00+01:00', '2025-02-05T14:00:00+01:00'),
    labels: [
      { description: 'Débutant' },
      { description: 'Intermédiaire' },
      { description: 'Avancé' },
      { description: 'Bilingue' },
    ],
  },
  {
    id: 12,
    name: 'Языки',
    created_at: '2025-01-05T14:00:00+03:00',
    labels: [
      { description: 'Русский' },
      { description: 'English' },
      { description: 'Deutsch' },
      { description: '中文' },
    ],
  },
  { id: 13, name: 'Onboarding status', group_id: null, updated_at: '2026-10-20T09:00:00+03:00', labels: [] },
  {
    id: 14,
    name: 'Certifications',
    group_id: '',
    labels: [
      { description: 'ISO 27001 Lead Auditor', type: 'certificate', required: ['expires_at'] },
      { description: 'PMP', type: 'certificate' },
      { description: 'First aid', type: 'certificate', additionalProperties: false },
    ],
  },
  {
    id: 15,
    name: 'Ελληνικά τμήματα',
    group_id: null,
    ...stamped('2025-03-03T12:00:00+02:00', '2025-03-04T12:00:00+02:00'),
    labels: [{ description: 'Πωλήσεις' }, { description: 'Λογιστήριο' }],
  },
  { id: 16, name: 'Shifts', group_id: '', labels: null },
  { id: 17, name: '', labels: [{ description: 'A label in a group whose name is empty' }] },
  { id: 18, name: 'Mentors (parent was deleted)', group_id: 404, labels: [{ description: 'Buddy' }] },
  {
    id: 19,
    name:
      'A deliberately long group name that keeps going to show how the tree copes with text that does not fit ' +
      'on one line',
    labels: [{ description: 'Short' }],
  },
  {
    id: 20,
    name: 'Hiring year',
    group_id: null,
    ...stamped('2025-12-31T23:59:59-08:00', '2026-01-01T00:00:01-08:00'),
    labels: [
      { description: '2019' },
      { description: '2020' },
      { description: '2021' },
      { description: '2022' },
      { description: '2023' },
      { description: '2024' },
      { description: '2025' },
      { description: '2026' },
    ],
  },
  { id: 21, name: 'Teams', created_at: '2026-05-05T05:05:05Z' },
  {
    id: 22,
    name: 'Contractors',
    updated_at: '2026-06-06T06:06:06Z',
    labels: [{ type: 'string', required: ['agency'] }],
  },
  { id: 23, name: 'Office: Zürich', labels: [{ additionalProperties: false }] },
  { id: 24, name: 'Office: São Paulo', group_id: '', labels: [{ required: ['badge'] }, {}] },
  {
    id: 25,
    name: 'Офис: Москва',
    group_id: null,
    ...stamped('2025-08-01T10:00:00+03:00', '2026-08-01T10:00:00+03:00'),
    labels: [
      { description: 'Этаж 3', type: 'floor' },
      { description: 'Этаж 4', type: 'floor' },
      { description: 'Переговорная «Байкал»', type: 'room', additionalProperties: true },
    ],
  },
  {
    id: 26,
    name: 'Archived',
    group_id: null,
    ...stamped('2023-01-01T00:00:00Z', '2024-01-01T00:00:00Z'),
    labels: null,
  },
  {
    id: 27,
    name: 'Customer success',
    labels: [
      { description: 'Tier 1', type: 'string', additionalProperties: false, required: [] },
      { description: 'Tier 2', type: 'string', additionalProperties: false, required: ['sla'] },
      { description: 'Escalations', type: 'string', additionalProperties: true, required: ['sla', 'owner'] },
    ],
  },
];
