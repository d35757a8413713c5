/** arktype's chunk (libs/index.ts): the package as a schema module imports it. */
export * as arktype from 'arktype';
