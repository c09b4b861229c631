export * from './catalogue/grades.ts';
export * from './catalogue/levels.ts';
export * from './catalogue/plans.ts';
export * from './constants.ts';
export * from './schemas/auth.ts';
export * from './schemas/content.ts';
