export * from './course';
export * from './course-stat';
export * from './label-group';
export * from './oauth';
export * from './params';
export * from './endpoint-spec';
export * from './endpoints';
export * from './parse-list';
