/** arktype's chunk (libs/index.ts): the package as a schema module imports it. */
import * as arktype from 'arktype';

export const modules = { arktype };
