/** effect's chunk (libs/index.ts): the package (its `Schema` with the Standard Schema wrappers) as a schema module imports it. */
export * as effect from 'effect';
export * as schema from 'effect/Schema';
