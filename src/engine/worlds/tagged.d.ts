// A module id tagged with a version world (worlds/table.ts): its type is the untagged module's, asserted where it is imported.
declare module '*?world=zod3';
declare module '*?world=zod40';
declare module '*?world=zod43';
declare module '*?world=zod';
