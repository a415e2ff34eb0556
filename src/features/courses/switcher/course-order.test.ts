// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseSchema } from '@contract';
import { courseWire } from '../courses-test-support';
import { byRecentActivity, indexCourse, searchCourses } from './course-order';

const course = (id: number, name: string, lastActivity: string | null) =>
  indexCourse(courseSchema.parse(courseWire(id, { name, last_activity: lastActivity })));

const courses = [
  course(3, 'Économie', '2026-10-01T10:00:00Z'),
  course(1, 'algebra', null),
  course(20, 'Ёлка и зима', '2026-11-01T10:00:00Z'),
  course(2, 'Biology', '2026-09-01T10:00:00Z'),
];
const ids = (list: ReadonlyArray<{ course: { id: number } }>) => list.map((entry) => entry.course.id);

describe('byRecentActivity', () => {
  it('puts the most recent activity first, courses without activity last', () => {
    expect(ids(byRecentActivity(courses))).toEqual([20, 3, 2, 1]);
  });
});

describe('searchCourses', () => {
  it('matches part of a name whatever its case and accents', () => {
    expect(ids(searchCourses(courses, 'ECONOM'))).toEqual([3]);
    expect(ids(searchCourses(courses, 'елка'))).toEqual([20]);
    expect(ids(searchCourses(courses, ' Alg '))).toEqual([1]);
  });

  it('matches an ID, and keeps everything for a blank search', () => {
    expect(ids(searchCourses(courses, '20'))).toEqual([20]);
    expect(ids(searchCourses(courses, '  '))).toEqual([3, 1, 20, 2]);
  });
});
