export * from './course-stat';
export * from './label-group';
export * from './oauth';
export * from './params';
export * from './paths';
export * from './parse-list';
