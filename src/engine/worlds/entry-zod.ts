/** A world's zod: imported only as `./entry-zod.ts?world=<zod package>`; the tag makes `zod` that package (worlds/table.ts). */
export * as root from 'zod';
export * as v3 from 'zod/v3';
export * as v4 from 'zod/v4';
export * as v4mini from 'zod/v4/mini';
