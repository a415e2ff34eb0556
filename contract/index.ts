export * from './course-stat';
export * from './label-group';
export * from './params';
export * from './parse-list';
